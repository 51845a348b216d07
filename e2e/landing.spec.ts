import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

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
    await expect(sky.locator('.sf-star')).toHaveCount(300);
    const first = await skyLook(page);
    await page.waitForTimeout(300);
    expect(await skyLook(page)).not.toBe(first);
    // Every star starts on the 100 ms beat, so all of them change on the same frames.
    expect(await starStartTimes(page)).toEqual(Array.from({ length: 600 }, () => 0));
  });

  test('the night sky stands still for prefers-reduced-motion, and follows the setting when it changes', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const sky = page.locator('.sf-starfield');
    await expect(sky).toHaveAttribute('data-animating', 'false');
    await expect(sky.locator('.sf-star')).toHaveCount(300);
    expect(await runningStarAnimations(page)).toBe(0);
    const first = await skyLook(page);
    await page.waitForTimeout(300);
    expect(await skyLook(page)).toBe(first);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(sky).toHaveAttribute('data-animating', 'true');
    expect(await runningStarAnimations(page)).toBe(600);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(sky).toHaveAttribute('data-animating', 'false');
    expect(await runningStarAnimations(page)).toBe(0);
  });

  test('the night sky pauses while the tab is hidden', async ({ page }) => {
    await page.goto('/');
    const sky = page.locator('.sf-starfield');
    await expect(sky).toHaveAttribute('data-animating', 'true');
    await expect(sky.locator('.sf-star')).toHaveCount(300);
    await setTabHidden(page, true);
    await expect(sky).toHaveAttribute('data-animating', 'false');
    expect(await runningStarAnimations(page)).toBe(0);
    const first = await skyLook(page);
    await page.waitForTimeout(300);
    expect(await skyLook(page)).toBe(first);
    await setTabHidden(page, false);
    await expect(sky).toHaveAttribute('data-animating', 'true');
    expect(await runningStarAnimations(page)).toBe(600);
    expect(await starStartTimes(page)).toEqual(Array.from({ length: 600 }, () => 0));
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
    await expect(sky.locator('.sf-star')).toHaveCount(300);
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

/** Every star's animated position and brightness, as the page computes them now. */
const skyLook = (page: Page): Promise<string> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.sf-star'), (star) => {
      const style = getComputedStyle(star);
      return `${style.transform} ${style.opacity}`;
    }).join('|'),
  );

/** The stars' CSS animations that are running (two a star while the sky moves). */
const runningStarAnimations = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect instanceof KeyframeEffect && a.effect.target?.classList.contains('sf-star'))
        .length,
  );

/** Each star animation's start time modulo the beat (100 ms). */
const starStartTimes = (page: Page): Promise<number[]> =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect instanceof KeyframeEffect && a.effect.target?.classList.contains('sf-star'))
      .map((a) => Number(a.startTime) % 100),
  );

/** Emulates the browser hiding or showing the tab, as the page sees it (headless Chromium never hides one). */
const setTabHidden = (page: Page, hidden: boolean): Promise<void> =>
  page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hide ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
