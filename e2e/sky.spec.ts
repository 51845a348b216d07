import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { lightShares } from './support/pixels';

/**
 * The screens are light text on the dark sky; a sky painted light lavender makes them unreadable.
 * A normal screen has a few percent of light pixels (text, stars); the lavender layer had nearly all.
 */
const readable = 0.25;

/** Makes the page see a window of `size` (null: the real one) and tells it, as the browser does on a resize. */
const reportWindow = (page: Page, size: { width: number; height: number } | null) =>
  page.evaluate((fake) => {
    const win = window as unknown as { __realWindowSize?: { width: PropertyDescriptor; height: PropertyDescriptor } };
    win.__realWindowSize ??= {
      width: Object.getOwnPropertyDescriptor(window, 'innerWidth') as PropertyDescriptor,
      height: Object.getOwnPropertyDescriptor(window, 'innerHeight') as PropertyDescriptor,
    };
    const real = win.__realWindowSize;
    if (fake) {
      Object.defineProperty(window, 'innerWidth', { configurable: true, get: () => fake.width });
      Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => fake.height });
    } else {
      Object.defineProperty(window, 'innerWidth', real.width);
      Object.defineProperty(window, 'innerHeight', real.height);
    }
    window.dispatchEvent(new Event('resize'));
  }, size);

/** Waits until the sky's worker has drawn and committed what it was last told (a few of its 50 ms frames). */
const skySettled = (page: Page) => page.waitForTimeout(400);

// The moving sky is what these test (the other journeys run with reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.describe('the night sky', () => {
  test('a window reported at 1 × 1 for a moment, as a full-page capture does, never paints a layer over the screen', async ({ page }) => {
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.goto('/');
    await expect(page.locator('.sf-starfield')).toHaveAttribute('data-animating', 'true');
    await skySettled(page);
    const [before] = await lightShares(page, await page.screenshot(), [[0, viewport.height]]);
    expect(before).toBeLessThan(readable);

    // Chromium's full-page capture (Page.captureScreenshot, captureBeyondViewport) fires resize
    // events with the window at 1 × 1, then back at its size, around the capture.
    await reportWindow(page, { width: 1, height: 1 });
    await skySettled(page);
    const [during] = await lightShares(page, await page.screenshot(), [[0, viewport.height]]);
    expect(during, 'light pixels with the window reported at 1 × 1').toBeLessThan(readable);

    await reportWindow(page, null);
    await skySettled(page);
    const [after] = await lightShares(page, await page.screenshot(), [[0, viewport.height]]);
    expect(after, 'light pixels once the window is back').toBeLessThan(readable);
  });

  test('a full-page capture right after a client-side navigation shows the screen readable', async ({ page }, testInfo) => {
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    await signUpViaApi(page);
    await page.goto('/dashboard');
    for (let round = 1; round <= 3; round++) {
      await page.getByRole('link', { name: 'Pricing', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
      const png = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`pricing-${round}.png`) });
      const [top] = await lightShares(page, png, [[0, viewport.height]]);
      expect(top, `light pixels over the first screen of capture ${round}`).toBeLessThan(readable);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
    }
  });
});
