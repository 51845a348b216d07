import { test, expect } from './support/fixtures';

test.describe('wallet-connect control', () => {
  test('connects after the 2.5 s delay, shows the short address, and disconnects', async ({ page, withPhantom }) => {
    const wallet = await withPhantom();
    await page.goto('/');
    const started = Date.now();
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByRole('button', { name: 'Establishing Connection...' }).first()).toBeVisible();
    const short = `${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}`;
    // Both controls on the landing page (top bar and hero) share the one wallet state.
    await expect(page.getByText(short)).toHaveCount(2, { timeout: 6_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    await expect(page.getByRole('button', { name: 'Launch Mission Control' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Disconnect' }).first().click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await expect(page.getByText(short)).toHaveCount(0);
  });

  test('without Phantom an alert asks to install it', async ({ page }) => {
    await page.goto('/');
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Launch Mission Control' }).click();
    await expect.poll(() => alerts).toEqual([expect.stringMatching(/^alert: .*Phantom/)]);
    await expect(page.getByRole('button', { name: 'Launch Mission Control' })).toBeVisible();
  });

  test('a refused connection is only logged and the control returns to disconnected', async ({ page, withPhantom }) => {
    await withPhantom({ rejectConnect: true });
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    // The button shows before the click and after the refusal alike: wait for the refusal's log line.
    await expect.poll(() => logged.join('\n')).toContain('wallet connection failed');
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  });
});
