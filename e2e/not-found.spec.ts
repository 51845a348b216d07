import { test, expect } from './support/fixtures';

test('an unknown address shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'The Future of Web3 Testing' })).toBeVisible();
});
