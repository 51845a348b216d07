import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { RewardsApi } from './support/rewards-api';

const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')?.source ?? '';
// The same suite after an edit: increment() also counts its calls, one more storage write.
const edited = counter
  .replace('uint256 public number;', 'uint256 public number;\n    uint256 public calls;')
  .replace('number++;', 'number++;\n        calls++;');

test.describe('Gas history on a run’s page', () => {
  test('an edit that costs gas fails the run’s gas check, and the Gas section shows each test against the run before, with its chart', async ({
    page,
    playwright,
    baseURL,
  }) => {
    expect(edited).not.toBe(counter);
    const account = await signUpViaApi(page);
    const api = await RewardsApi.signIn(playwright, baseURL ?? '', account);
    const header = page.locator('.rewards-screen-header');

    const first = await api.post('/test-runs', { network: 'ethereum', test_type: 'smart_contract', contract: { source: counter } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await page.goto(`/test-runs/${(first.body as { id: string }).id}`);
    await expect(header).toContainText('Completed', { timeout: 30_000 });
    const gas = page.getByRole('region', { name: 'Gas', exact: true });
    await expect(gas).toContainText('The first run of this suite: nothing earlier to compare with.');

    const second = await api.post('/test-runs', { network: 'ethereum', test_type: 'smart_contract', contract: { source: edited }, gas_check: {} });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    await page.goto(`/test-runs/${(second.body as { id: string }).id}`);
    await expect(header).toContainText('Failed', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Result', exact: true })).toContainText('Gas check failed:');

    // The regression in words, not colour alone, with before → after and the change.
    await expect(gas).toContainText(/costs? more gas than in the run of/);
    await expect(gas).toContainText('Threshold: ±1 % or ±500 gas, whichever is larger.');
    // The rows are folded (the result already has a row per test): opened from the keyboard.
    await expect(gas.getByRole('table', { name: 'Tests' })).toBeHidden();
    await gas.getByText('Gas per test, function and deployment, and its chart').focus();
    await page.keyboard.press('Enter');
    const increment = gas.getByRole('table', { name: 'Tests' }).getByRole('row', { name: /CounterTest:testIncrement\(\)/ });
    await expect(increment).toContainText('More gas');
    await expect(increment).toContainText(/\d[\d,]* → \d[\d,]*/);
    await expect(increment).toContainText(/\+\d[\d,]* gas \(\+[\d.]+ %\)/);
    const setNumber = gas.getByRole('table', { name: 'Tests' }).getByRole('row', { name: /CounterTest:testSetNumber\(\)/ });
    await expect(setNumber).toContainText(/Within threshold|More gas/);
    await expect(gas.getByRole('table', { name: 'Deployments' })).toContainText('CounterTest');

    // The chart of the row chosen, an image with a name, and its figures as a table.
    await gas.getByRole('button', { name: 'Chart of CounterTest:testSetNumber()' }).click();
    await expect(gas.getByRole('button', { name: 'Chart of CounterTest:testSetNumber()' })).toHaveAttribute('aria-pressed', 'true');
    const chart = gas.getByRole('figure');
    await expect(chart).toContainText('Gas of CounterTest:testSetNumber() in the suite’s last 2 runs');
    const image = chart.getByRole('img', { name: /Gas of CounterTest:testSetNumber\(\) over the suite’s last runs/ });
    await expect(image).toBeVisible();
    await expect(image).toHaveAccessibleDescription(/^2 of the last 2 runs measured it, from [\d,]+ to [\d,]+ gas/);
    await chart.getByText('The figures as a table').click();
    await expect(chart.getByRole('row', { name: /\(this run\)/ })).toBeVisible();

    // The earlier run to compare with, and a threshold wide enough to let the change pass.
    await expect(gas.getByLabel('Compare with').locator('option')).toHaveCount(1);
    await gas.getByLabel('Threshold, %').fill('500');
    await gas.getByRole('button', { name: 'Apply threshold' }).click();
    await expect(gas).toContainText('A percentage from 0 to 100');
    await gas.getByLabel('Threshold, %').fill('50');
    await gas.getByLabel('Threshold, gas').fill('100000');
    await gas.getByRole('button', { name: 'Apply threshold' }).click();
    await expect(gas).toContainText('No test or function costs more gas than in the run of');
    await expect(increment).toContainText('Within threshold');
    await api.dispose();
  });
});
