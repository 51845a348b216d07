import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { statHint, statValue } from './pages/rewards-widgets';

test.describe('dashboard widgets', () => {
  test('a broken rewards remote leaves the rest of the dashboard usable, and a retry brings it back', async ({ page }) => {
    await signUpViaApi(page);
    // The rewards remote's files cannot be fetched: its widgets fail, nothing else does.
    await page.route('**/mfe/mfe_rewards/**', (route) => route.abort('connectionrefused'));
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    for (const card of ['NFT Creator', 'Bug Bounties', 'Marketplace', 'Projects', 'Withdraw Funds', 'Rewards']) {
      await expect(page.getByRole('link', { name: new RegExp(card) }).first()).toBeVisible();
    }
    const retries = page.getByRole('button', { name: 'Try again' });
    await expect(retries).toHaveCount(3, { timeout: 15_000 });

    // The navigation still works from the broken dashboard.
    await page
      .getByRole('link', { name: /Projects/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/projects$/);
    await page.goBack();
    // Back on the dashboard the remote is tried again, and fails again while it is down.
    await expect(retries).toHaveCount(3, { timeout: 15_000 });

    await page.unroute('**/mfe/mfe_rewards/**');
    await retries.first().click();
    await expect(statValue(page, 'Points')).toHaveText('0');
    await expect(statHint(page, 'Points')).toHaveText('Earned in all · 0 left to spend');
    expect(logged.length).toBeGreaterThan(0);
  });
});
