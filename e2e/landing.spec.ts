import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

// The moving sky is what these test (the other journeys run with reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.describe('landing page', () => {
  test('shows the spec copy, the three feature cards and the actions', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'The Future of Web3 Testing' })).toBeVisible();
    await expect(page.getByText('Build. Break. Rebuild. Repeat.')).toBeVisible();
    await expect(page.getByText('Where tomorrow\u2019s decentralized experiences are stress-tested today')).toBeVisible();
    for (const title of ['Launch Tests', 'Secure Testing', 'Instant Results']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Launch Mission Control' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the features' })).toBeVisible();
  });

  test("'Start Testing Now' and 'Sign In' lead to /auth", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Testing Now' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the night sky has 300 stars and keeps moving', async ({ page }) => {
    await page.goto('/');
    const sky = page.locator('.sf-starfield');
    await expect(sky).toHaveAttribute('data-star-count', '300');
    await expect(sky).toHaveAttribute('data-animating', 'true');
    await expectSkyMoving(page, true);
  });

  test('the night sky starts once the page has loaded, not while the screen is still loading', async ({ page }) => {
    // An image the test holds keeps the page loading after React has taken over the landing.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/held-by-the-test.png', async (route) => {
      await held;
      await route.fulfill({ status: 204 });
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const image = new Image();
        image.alt = '';
        image.hidden = true;
        image.src = '/held-by-the-test.png';
        document.body.append(image);
      });
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const reactRoot = () => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
    await expect.poll(reactRoot).toBe(true);
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    const sky = page.locator('.sf-starfield');
    await expect(sky.locator('canvas')).toHaveCount(0);

    release();
    await expect(sky).toHaveAttribute('data-animating', 'true');
    await expectSkyMoving(page, true);
  });

  test('the night sky stands still for prefers-reduced-motion, and follows the setting when it changes', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const sky = page.locator('.sf-starfield');
    await expect(sky).toHaveAttribute('data-animating', 'false');
    await expectSkyMoving(page, false);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(sky).toHaveAttribute('data-animating', 'true');
    await expectSkyMoving(page, true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(sky).toHaveAttribute('data-animating', 'false');
    await expectSkyMoving(page, false);
  });

  test('the night sky stops while the tab is hidden', async ({ page }) => {
    await page.goto('/');
    const sky = page.locator('.sf-starfield');
    await expect(sky).toHaveAttribute('data-animating', 'true');
    await setTabHidden(page, true);
    await expect(sky).toHaveAttribute('data-animating', 'false');
    await expectSkyMoving(page, false);
    await setTabHidden(page, false);
    await expect(sky).toHaveAttribute('data-animating', 'true');
    await expectSkyMoving(page, true);
  });

  test('the night sky is decoration: hidden from assistive technology, never focused, never the largest paint', async ({ page }) => {
    await page.addInitScript(() => {
      const found: (Element | null)[] = [];
      (window as unknown as { __lcp: (Element | null)[] }).__lcp = found;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) found.push((entry as unknown as { element: Element | null }).element);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/');
    const sky = page.locator('.sf-starfield');
    await expect(sky.locator('canvas')).toHaveCount(1);
    await expect(sky).toHaveAttribute('aria-hidden', 'true');
    expect(await sky.locator('a, button, input, select, textarea, [tabindex]').count()).toBe(0);
    // Give the stars a frame to paint, then read every LCP entry Chromium reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const entries = await page.evaluate(() =>
      (window as unknown as { __lcp: (Element | null)[] }).__lcp.map((el) => ({ tag: el?.tagName ?? null, inSky: !!el?.closest('.sf-starfield') })),
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.inSky)).toEqual([]);
  });
});

/**
 * Whether the sky's picture changes within 300 ms: its canvas (drawn by a worker) read twice,
 * once the first stars are on it.
 */
const expectSkyMoving = async (page: Page, moving: boolean): Promise<void> => {
  const canvas = page.locator('.sf-starfield canvas');
  const frame = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const blank = await page.evaluate(() => document.createElement('canvas').toDataURL());
  await expect.poll(frame).not.toBe(blank);
  const first = await frame();
  await page.waitForTimeout(300);
  if (moving) expect(await frame()).not.toBe(first);
  else expect(await frame()).toBe(first);
};

/** Emulates the browser hiding or showing the tab, as the page sees it (headless Chromium never hides one). */
const setTabHidden = (page: Page, hidden: boolean): Promise<void> =>
  page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hide ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
