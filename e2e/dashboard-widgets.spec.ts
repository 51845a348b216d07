import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { statHint, statValue, TestingEngine } from './pages/rewards-widgets';

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

  test('signing out from the dashboard reads nothing more: no 401, no console error', async ({ page }) => {
    await signUpViaApi(page);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await page.goto('/dashboard');
    // Every widget has read what it shows: the stats, the Testing Engine, the token panel.
    await expect(statValue(page, 'Points')).toHaveText('0');
    await expect(new TestingEngine(page).start).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Token-gated access', exact: true })).toBeVisible();

    // Every request the page sends once the sign-out has been answered (events arrive in order).
    const afterSignOut: string[] = [];
    let signedOut = false;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/logout') signedOut = true;
    });
    page.on('request', (request) => {
      if (signedOut) afterSignOut.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    // Time for a late read to be sent and answered (they came within a few milliseconds).
    await page.waitForTimeout(1_000);

    expect(refused, 'requests refused as unauthenticated').toEqual([]);
    expect(logged, 'console errors').toEqual([]);
    expect(
      afterSignOut.filter((request) => request.includes('/api/')),
      'API requests after the sign-out',
    ).toEqual([]);
  });
});
