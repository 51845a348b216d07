import type { Request } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';

const isStream = (request: Request) => new URL(request.url()).pathname === '/api/events/stream';

test.describe('the live event stream', () => {
  test('a signed-in tab holds one stream across remote screens', async ({ page }) => {
    const streams: Request[] = [];
    page.on('request', (request) => {
      if (isStream(request)) streams.push(request);
    });
    await signUpViaApi(page);
    const opened = page.waitForResponse((response) => isStream(response.request()));
    await page.goto('/dashboard');
    const response = await opened;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/event-stream');

    for (const card of ['Marketplace', 'Rewards', 'Projects']) {
      await page
        .getByRole('link', { name: new RegExp(card) })
        .first()
        .click();
      await expect(page).not.toHaveURL(/\/dashboard$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    expect(streams).toHaveLength(1);
  });

  test('signing out everywhere from another device ends this tab’s session at once', async ({ page, playwright, baseURL }) => {
    const account = await signUpViaApi(page);
    const opened = page.waitForResponse((response) => isStream(response.request()));
    await page.goto('/dashboard');
    await opened;
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

    // The other device: its own session, signed out with scope global.
    const device = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    const signIn = await device.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(signIn.status()).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    expect((await device.post('/api/auth/logout?scope=global', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
    await device.dispose();

    // No click, no reload: the stream's `session.ended` tells the tab, which finds its session gone.
    await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
  });
});
