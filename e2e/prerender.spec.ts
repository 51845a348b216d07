import { AuthPage } from './pages/auth-page';
import { signUpViaApi } from './support/accounts';
import { expect, test } from './support/fixtures';

const HEADLINE = 'The Future of Web3 Testing';

test.describe('the prerendered landing', () => {
  test('paints its copy, cards and buttons styled without any script', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
      for (const title of ['Launch Tests', 'Secure Testing', 'Instant Results'])
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Start Testing Now' })).toHaveAttribute('href', '/auth');
      await expect(page.getByRole('button', { name: 'Launch Mission Control' })).toBeVisible();
      // The stylesheet is a file the HTML links: the hero button has its gradient before any script.
      const heroBackground = await page.getByRole('link', { name: 'Start Testing Now' }).evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(heroBackground).toContain('gradient');
    } finally {
      await context.close();
    }
  });

  test('a button clicked before the shell’s script ran is not lost: the click is held, then replayed once the page hydrates', async ({ page, withPhantom }) => {
    await withPhantom();
    // main.js is held back until the click was made on the painted, script-less page.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await expect(page.getByRole('button', { name: 'Establishing Connection...' })).toHaveCount(0);
    release();
    await expect(page.getByRole('button', { name: 'Establishing Connection...' }).first()).toBeVisible();
  });

  test('hydrates in place: the painted heading stays the same element, nothing is logged, the links route in the page', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __painted: Element | null }).__painted = document.querySelector('h1');
      });
    });
    await page.goto('/');
    // Hydrated: the wallet button answers a click (no Phantom here: the spec's install alert).
    page.once('dialog', (dialog) => void dialog.dismiss());
    const alerted = page.waitForEvent('dialog');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await alerted;
    expect(await page.evaluate(() => (window as unknown as { __painted: Element | null }).__painted === document.querySelector('h1'))).toBe(true);

    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await page.getByRole('link', { name: 'Start Testing Now' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(logged).toEqual([]);
  });

  test('a signed-in visitor opening / is sent to /dashboard without the landing being painted', async ({ page }) => {
    await signUpViaApi(page);
    const landingPainted = page.waitForSelector(`h1:has-text("${HEADLINE}")`, { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    const response = await page.goto('/');
    expect(await response?.text()).not.toContain(HEADLINE);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
    expect(await landingPainted).toBe(false);
  });
});

test.describe("a remote's snapshot: /auth", () => {
  test('is painted, styled and inert, without any script', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/auth');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
      await expect(page.getByText('Email', { exact: true })).toBeVisible();
      // The snapshot is a picture until the real screen replaces it: nothing in it takes focus.
      await expect(page.locator('.sf-snapshot')).toHaveAttribute('inert', '');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      const button = page.getByRole('button', { name: 'Sign In', exact: true });
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
    } finally {
      await context.close();
    }
  });

  test('gives way to the real screen with no spinner in between, and the form works', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      const seen = { spinner: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.sf-fullpage-center')) seen.spinner = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/auth');
    await expect(page.locator('.sf-snapshot')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    // Nothing logged while the real screen replaced the snapshot (the refused sign-in below logs its own error).
    expect(logged).toEqual([]);
    const auth = new AuthPage(page);
    await auth.signIn('nobody@example.com', 'not-the-password-1');
    await expect(auth.toast('Invalid email or password')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __seen: { spinner: boolean } }).__seen.spinner)).toBe(false);
  });
});

test("/pricing's snapshot paints the plans without scripts, and the real screen takes over quietly", async ({ browser, baseURL, page }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const still = await context.newPage();
    await still.goto('/pricing');
    await expect(still.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(still.locator('.sf-snapshot')).toHaveAttribute('inert', '');
  } finally {
    await context.close();
  }
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto('/pricing');
  await expect(page.locator('.sf-snapshot')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(logged).toEqual([]);
});
