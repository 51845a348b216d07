import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';

// Counts React renderers as React DevTools would: every copy of react-dom registers one.
const countRenderers = () => {
  const renderers: { version: string }[] = [];
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: { version: string }) {
        renderers.push(renderer);
        return renderers.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    },
    __renderers: renderers,
  });
};

test.describe('federation', () => {
  test('every remote loads its screen through its manifest, with exactly one React in the page', async ({ page }) => {
    await page.addInitScript(countRenderers);
    const manifests = new Set<string>();
    page.on('request', (r) => {
      const m = /\/mfe\/(mfe_\w+)\/mf-manifest\.json/.exec(r.url());
      if (m?.[1]) manifests.add(m[1]);
    });
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const screens: [string, string][] = [
      ['/nfts', 'NFT Collection'],
      ['/marketplace', 'Marketplace'],
      ['/bounties', 'Bug Bounties'],
      ['/rewards', 'Rewards & Achievements'],
      ['/settings', 'Settings'],
    ];
    for (const [path, heading] of screens) {
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    }
    expect([...manifests].sort()).toEqual(['mfe_auth', 'mfe_bounties', 'mfe_marketplace', 'mfe_nft', 'mfe_rewards']);
    const renderers = await page.evaluate(() => (window as unknown as { __renderers: { version: string }[] }).__renderers.map((r) => r.version));
    expect(renderers).toEqual(['19.3.1']);
  });

  test("the remotes behind a page's links download while the browser is idle, before any pointer moves, and only screens the visitor may open", async ({
    page,
  }) => {
    const routeChunks = new Set<string>();
    page.on('request', (r) => {
      const m = /\/mfe\/(mfe_\w+)\/__federation_expose_routes\./.exec(r.url());
      if (m?.[1]) routeChunks.add(m[1]);
    });
    // Signed out, the landing links to /auth only: the auth remote, and no private screen's remote.
    await page.goto('/');
    await expect.poll(() => [...routeChunks]).toEqual(['mfe_auth']);
    await page.waitForLoadState('networkidle');
    expect([...routeChunks]).toEqual(['mfe_auth']);

    // Signed in, the dashboard links to a screen of every remote but the auth remote's own /auth:
    // /settings is one of its screens too, so all five download, one after the other.
    await signUpViaApi(page);
    routeChunks.clear();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    await expect.poll(() => [...routeChunks].sort(), { timeout: 15_000 }).toEqual(['mfe_auth', 'mfe_bounties', 'mfe_marketplace', 'mfe_nft', 'mfe_rewards']);
  });

  test('a remote that is down shows a friendly message with a retry; the rest keeps working', async ({ page }) => {
    await signUpViaApi(page);
    await page.route('**/mfe/mfe_nft/**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/nfts');
    const panel = page.getByRole('alert').filter({ hasText: 'This part of Starforge is unavailable right now' });
    await expect(panel).toBeVisible({ timeout: 15_000 });

    // Retrying while it is still down keeps the message.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(panel).toBeVisible({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    await page.getByRole('link', { name: /^Marketplace/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();

    // Back on the broken screen, once the remote is up again, the retry brings it in.
    await page.goBack();
    await page.goBack();
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/mfe/mfe_nft/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'NFT Collection' })).toBeVisible({ timeout: 15_000 });
  });
});
