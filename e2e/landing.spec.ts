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
    const sky = page.locator('canvas.sf-starfield');
    await expect(sky).toHaveAttribute('data-star-count', '300');
    await expect(sky).toHaveAttribute('data-animating', 'true');
    const frame = () => sky.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const first = await frame();
    await page.waitForTimeout(300);
    expect(await frame()).not.toBe(first);
  });

  test('the night sky stands still for prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const sky = page.locator('canvas.sf-starfield');
    await expect(sky).toHaveAttribute('data-animating', 'false');
    const frame = () => sky.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const first = await frame();
    await page.waitForTimeout(300);
    expect(await frame()).toBe(first);
  });
});
