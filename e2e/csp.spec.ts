import { routeTable } from '@starforge/contracts/shared';
import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';

// Every screen, signed out and signed in, under the gateway's CSP: the fixture fails the test
// on any `securitypolicyviolation` the page reports (an eval probe, an inline script…).
const screens = [...routeTable.map((r) => r.path.replace(':id', '00000000-0000-4000-8000-000000000000')), '/no/such/place'];

test('no screen trips the content security policy, signed out or signed in', async ({ page, cspViolations }) => {
  // Forty page loads, each with its remote.
  test.setTimeout(180_000);
  for (const path of screens) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await signUpViaApi(page);
  for (const path of screens) {
    await page.goto(path);
    // Let the remote's chunk load and its first render run before moving on. (Not 'networkidle':
    // a signed-in tab keeps its live event stream open.)
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  expect(cspViolations).toEqual([]);
});
