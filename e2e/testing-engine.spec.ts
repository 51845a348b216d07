import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { statValue, TestingEngine, toastText } from './pages/rewards-widgets';

test.describe('Testing Engine on the dashboard', () => {
  test('a run finishes on the server and its result, points and counters arrive live', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await expect(statValue(page, 'Points')).toHaveText('0');
    await expect(statValue(page, 'Tests Run')).toHaveText('0');
    await expect(statValue(page, 'Success Rate')).toHaveText('100.0%');

    const engine = new TestingEngine(page);
    await engine.start.click();
    await expect(toastText(page, 'Please select both network and test type')).toBeVisible();
    await engine.network.selectOption('sepolia');
    await engine.start.click();
    await expect(toastText(page, 'Please select both network and test type').first()).toBeVisible();

    // Runs until one completes (each completes with p = 0.7), so the hash and its copy button show.
    let completed = false;
    for (let attempt = 1; attempt <= 6 && !completed; attempt++) {
      await engine.run('sepolia', 'smart_contract');
      await expect(toastText(page, 'Test started successfully!').first()).toBeVisible();
      await expect(engine.status).toHaveText('Running...');
      // No reload: the job finishes the run 3-5 s later and the page hears of it.
      await expect(engine.status).toHaveText(/^(Completed|Failed)$/, { timeout: 10_000 });
      completed = (await engine.status.textContent()) === 'Completed';
      await expect(statValue(page, 'Tests Run')).toHaveText(String(attempt));
      await expect(engine.history).toHaveCount(attempt);
      if (!completed) await expect(toastText(page, 'Test failed. Please check your configuration and try again.').first()).toBeVisible();
    }
    expect(completed, 'one of six runs completed').toBe(true);
    await expect(toastText(page, '+50 points earned for test completion!')).toBeVisible();

    const newest = engine.history.first();
    await expect(newest).toContainText('Sepolia');
    await expect(newest).toContainText('Completed');
    await newest.getByRole('button', { name: 'Copy transaction hash' }).click();
    await expect(toastText(page, 'Copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^0x[0-9a-f]{64}$/);

    // 50 or 25 a run, and First Test's 50 once: never a whole reload.
    const points = Number((await statValue(page, 'Points').textContent())?.replace(/,/g, ''));
    expect(points).toBeGreaterThanOrEqual(100);
    await expect(statValue(page, 'Success Rate')).toHaveText(/^\d{1,3}\.\d%$/);
  });
});
