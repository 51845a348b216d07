import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { CONTRACT_RUNS_WAITING_MAX, rewardsMessages, TEST_RUN_HISTORY_LIMIT } from '@starforge/contracts/rewards';
import { statValue, TestingEngine, toastText } from './pages/rewards-widgets';
import { RewardsApi } from './support/rewards-api';

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
      await expect(engine.history).toHaveCount(Math.min(attempt, TEST_RUN_HISTORY_LIMIT));
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

  test('a run of the user’s own contract: a sample in one click, compiled and run for real, its failing test and revert reason on the run’s page', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const engine = new TestingEngine(page);
    await expect(engine.start).toBeVisible();

    // Bad input first: the form's words, and nothing starts.
    await engine.contractToggle.click();
    await engine.run('polygon', 'smart_contract');
    await expect(toastText(page, 'Paste a Solidity contract, pick a sample, or leave the contract out')).toBeVisible();
    await engine.pickSample('Token transfer');
    await expect(engine.testType).toHaveValue('transaction');
    await engine.root.getByLabel('Function to call').fill('');
    await engine.start.click();
    await expect(toastText(page, 'A transaction test needs the function to call')).toBeVisible();
    await expect(engine.history).toHaveCount(0);

    // The vault with a bug: a Foundry-style test fails with the contract's own revert reason.
    await engine.pickSample('Vault with a bug');
    await expect(engine.source).toHaveValue(/contract Vault/);
    await expect(engine.testType).toHaveValue('smart_contract');
    await engine.network.selectOption('ethereum');
    await engine.start.click();
    await expect(toastText(page, 'Test started successfully!')).toBeVisible();
    await expect(engine.status).toHaveText('Failed', { timeout: 20_000 });
    await expect(toastText(page, 'Test failed. Please check your configuration and try again.')).toBeVisible();
    await expect(engine.history.first()).toContainText('testThiefCannotTakeOthersEther()');

    await engine.root.getByRole('link', { name: 'View results' }).first().click();
    await expect(page).toHaveURL(/\/test-runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Test run', level: 1 })).toBeVisible();
    const thief = page.getByRole('row', { name: /testThiefCannotTakeOthersEther/ });
    await expect(thief).toContainText('Failed');
    await expect(thief).toContainText('the vault was drained through reentrancy');
    await expect(page.getByRole('row', { name: /testDepositAndWithdraw/ })).toContainText('Passed');
    await expect(page.getByLabel('Solidity source')).toHaveValue(/contract VaultTest/);
  });

  test('the dashboard lists the latest runs and links to every run, a page at a time; a contract run past the cap on runs waiting is refused with a toast', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const account = await signUpViaApi(page);
    const api = await RewardsApi.signIn(playwright, baseURL ?? '', account);
    await api.earnPoints(525); // 21 runs of the spec's kind, finished
    await page.goto('/dashboard');
    const engine = new TestingEngine(page);
    await expect(engine.history).toHaveCount(TEST_RUN_HISTORY_LIMIT);
    await engine.pickSample('Counter with tests');
    await engine.network.selectOption('sepolia');

    // The cap: a user's runs go one at a time, and at most five wait. Twelve tests that each spin to
    // the gas limit keep the first of these busy for seconds, the other four waiting behind it.
    const slow = `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Slow {\n    uint256 n;\n${Array.from({ length: 12 }, (_, i) => `    function testSpin${i}() public { while (true) n++; }`).join('\n')}\n}\n`;
    for (let i = 0; i < CONTRACT_RUNS_WAITING_MAX; i++) {
      const started = await api.post('/test-runs', { network: 'ethereum', test_type: 'smart_contract', contract: { source: slow } });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
    }
    await engine.start.click();
    await expect(toastText(page, rewardsMessages.contractRunsWaiting)).toBeVisible();

    // 26 runs: the latest five here, every one on /test-runs.
    await expect(engine.history).toHaveCount(TEST_RUN_HISTORY_LIMIT);
    await engine.root.getByRole('link', { name: 'All 26 test runs' }).click();
    await expect(page).toHaveURL(/\/test-runs$/);
    await expect(page.getByRole('heading', { name: 'Test runs', level: 1 })).toBeVisible();
    const rows = page.locator('[id^="test-run-"]');
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(rows.first()).toContainText('Ethereum');
    await page.getByRole('link', { name: 'Older runs' }).click();
    await expect(page).toHaveURL(/\/test-runs\?page=2$/);
    await expect(rows).toHaveCount(6);
    await expect(rows.last()).toContainText('Sepolia');
    await expect(page.getByRole('link', { name: 'Newer runs' })).toBeVisible();
  });
});
