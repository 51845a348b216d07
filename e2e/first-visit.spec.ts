import type { BrowserContext, Page } from '@playwright/test';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@starforge/contracts/auth';
import { routeTable } from '@starforge/contracts/shared';
import { test, expect } from './support/fixtures';
import { newAccount } from './support/accounts';
import { AuthPage } from './pages/auth-page';

/** The screens a visitor without a session may see, from the route table, and what each shows. */
const openPaths = routeTable.filter((r) => r.access !== 'private').map((r) => r.path);
const headings: Record<string, string> = { '/': 'The Future of Web3 Testing', '/auth': 'Welcome Back', '/pricing': 'Pricing' };
// Private screens a newcomer follows a link to: they must send them to /auth just as quietly.
const privateSamples = ['/dashboard', '/marketplace', '/bounties'];

interface Visit {
  page: Page;
  /** Console errors, uncaught errors, failed requests and answers of 400 or more, in order. */
  problems: string[];
  /** The page's session checks (refresh requests). */
  sessionChecks: string[];
  /** Whether the session spinner was ever in the page. */
  sawSpinner: () => Promise<boolean>;
}

/** A new tab of the context, watched from before its first request. */
const openTab = async (context: BrowserContext): Promise<Visit> => {
  const page = await context.newPage();
  const problems: string[] = [];
  const sessionChecks: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/token' && request.url().includes('grant_type=refresh_token')) sessionChecks.push(request.url());
  });
  await page.addInitScript(() => {
    const seen = { spinner: false };
    (window as unknown as { __sessionSpinner: typeof seen }).__sessionSpinner = seen;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading your session...')) seen.spinner = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const sawSpinner = () => page.evaluate(() => (window as unknown as { __sessionSpinner: { spinner: boolean } }).__sessionSpinner.spinner);
  return { page, problems, sessionChecks, sawSpinner };
};

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((cookie) => cookie.name);

test.describe('a first visit', () => {
  test('every open screen loads without a session check, a console error or a failed request; a session survives a reload; after sign-out it is quiet again', async ({
    browser,
    baseURL,
  }) => {
    // Eleven screens, each held until its network is quiet, so that a late failure is seen too.
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL });
    try {
      expect(openPaths).toEqual(expect.arrayContaining(['/', '/auth', '/pricing']));
      for (const path of openPaths) {
        const visit = await openTab(context);
        await visit.page.goto(path, { waitUntil: 'networkidle' });
        await expect(visit.page).toHaveURL(new RegExp(`${path === '/' ? '' : path}/?$`));
        await expect(visit.page.getByRole('heading', { level: 1, name: headings[path] })).toBeVisible();
        expect(visit.problems, `${path}: no errors`).toEqual([]);
        expect(visit.sessionChecks, `${path}: no session check without the hint`).toEqual([]);
        // The first render is already the screen: no session spinner for a visitor without a session.
        expect(await visit.sawSpinner(), `${path}: no session spinner`).toBe(false);
        await visit.page.close();
      }
      for (const path of privateSamples) {
        const visit = await openTab(context);
        await visit.page.goto(path, { waitUntil: 'networkidle' });
        await expect(visit.page).toHaveURL(/\/auth$/);
        await expect(visit.page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
        expect(visit.problems, `${path}: no errors`).toEqual([]);
        expect(visit.sessionChecks, `${path}: no session check without the hint`).toEqual([]);
        await visit.page.close();
      }
      expect(await cookieNames(context)).not.toContain(SESSION_HINT_COOKIE);

      // Signing up sets the refresh cookie and the hint together.
      const tab = await openTab(context);
      const auth = new AuthPage(tab.page);
      const account = newAccount('first');
      await auth.open();
      await auth.switchToSignUp();
      await auth.fillSignUp(account);
      await tab.page.getByRole('button', { name: 'Create Account' }).click();
      const welcome = tab.page.getByRole('heading', { name: `Welcome back, ${account.email.split('@')[0]}!` });
      await expect(welcome).toBeVisible();
      expect(await cookieNames(context)).toEqual(expect.arrayContaining([REFRESH_COOKIE, SESSION_HINT_COOKIE]));
      expect(await tab.page.evaluate(() => document.cookie)).toContain(`${SESSION_HINT_COOKIE}=1`);

      // A reload restores the session through the hint and one refresh.
      await tab.page.reload();
      await expect(welcome).toBeVisible();
      expect(tab.sessionChecks).toHaveLength(1);

      // Another tab restores it too, and a guest screen sends it on to the dashboard.
      const second = await openTab(context);
      // (A signed-in tab keeps its live event stream open, so the network is never idle.)
      await second.page.goto('/');
      await expect(second.page).toHaveURL(/\/dashboard$/);
      await expect(second.page.getByRole('heading', { name: `Welcome back, ${account.email.split('@')[0]}!` })).toBeVisible();
      expect(second.problems, 'a signed-in tab: no errors').toEqual([]);
      await second.page.close();

      // Signing out clears both cookies: the next visit is a first visit again. The tab leaves the
      // session at the click and shows /auth at once; the logout's answer, which clears the
      // cookies, comes after (a loaded machine took longer than the next line: a CI failure).
      await tab.page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(tab.page).toHaveURL(/\/auth$/);
      await expect.poll(() => cookieNames(context)).not.toContain(SESSION_HINT_COOKIE);
      await expect.poll(() => cookieNames(context)).not.toContain(REFRESH_COOKIE);
      await tab.page.close();

      const again = await openTab(context);
      await again.page.goto('/', { waitUntil: 'networkidle' });
      await expect(again.page.getByRole('heading', { level: 1, name: headings['/'] })).toBeVisible();
      expect(again.problems, 'after sign-out: no errors').toEqual([]);
      expect(again.sessionChecks).toEqual([]);
      expect(await again.sawSpinner()).toBe(false);
    } finally {
      await context.close();
    }
  });

  test('a stale hint costs one refused session check, and the service clears it', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: `${baseURL}/` }]);
    const checks: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/auth/token?grant_type=refresh_token')) checks.push(response.status());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: headings['/'] })).toBeVisible();
    expect(checks).toEqual([401]);
    expect(await cookieNames(context)).not.toContain(SESSION_HINT_COOKIE);
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    expect(checks).toEqual([401]);
  });
});
