import { routeTable } from '@starforge/contracts/shared';
import { SESSION_HINT_COOKIE } from '@starforge/contracts/auth';
import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';

const concrete = (path: string) => path.replace(':id', '00000000-0000-4000-8000-000000000001');
const privatePaths = routeTable.filter((r) => r.access === 'private').map((r) => concrete(r.path));

test.describe('guards for a signed-out visitor', () => {
  for (const path of privatePaths) {
    test(`${path} sends them to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }

  test('/pricing, / and /auth stay open', async ({ page }) => {
    for (const path of ['/pricing', '/', '/auth']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
    }
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  });

  test('with a session hint, a spinner shows while the session loads', async ({ page, context, baseURL }) => {
    // A hint left from an earlier session (its refresh cookie gone): one check, refused.
    await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: `${baseURL}/` }]);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/token?grant_type=refresh_token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your session...' })).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('guards for a signed-in visitor', () => {
  test('/ and /auth send them to /dashboard, private screens open', async ({ page }) => {
    const account = await signUpViaApi(page);
    for (const path of ['/', '/auth']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.email.split('@')[0]}!` })).toBeVisible();
    for (const path of ['/nfts', '/marketplace', '/rewards', '/bounties', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('the dashboard has the six navigation cards with their links', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const cards = {
      'NFT Creator': '/nft-creator',
      'Bug Bounties': '/bounties',
      Marketplace: '/marketplace',
      Projects: '/projects',
      'Withdraw Funds': '/withdrawal',
      Rewards: '/rewards',
    };
    for (const [title, href] of Object.entries(cards)) {
      await expect(page.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('link', { name: 'My NFTs' })).toHaveAttribute('href', '/nfts');
    await expect(page.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('Sign Out in the top bar signs out and goes to /auth', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
