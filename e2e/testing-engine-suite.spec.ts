import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { TestingEngine, toastText } from './pages/rewards-widgets';

const counterTest = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "../Contract.sol";

contract CounterTwiceTest {
    function testTwice() public {
        Counter counter = new Counter();
        counter.increment();
        counter.increment();
        require(counter.number() == 2, "two increments make two");
    }
}
`;

test.describe('Testing Engine suites', () => {
  test('a suite in tabs: a second file added, renamed (a bad name refused in the API’s words), run, and its page keeps the files as tabs to run again', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const engine = new TestingEngine(page);
    await engine.pickSample('Counter with tests');
    await expect(engine.fileTabs).toHaveText(['Contract.sol']);
    await expect(engine.source).toHaveValue(/contract CounterTest/);

    // A second file: its tab is selected and its panel labelled by it.
    await engine.root.getByRole('button', { name: 'Add file' }).click();
    await expect(engine.fileTabs).toHaveText(['Contract.sol', 'File2.sol']);
    await expect(engine.fileTabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(engine.root.getByRole('tabpanel', { name: 'File2.sol' })).toBeVisible();
    await expect(engine.root.getByLabel('Solidity source of File2.sol')).toHaveValue('');

    // A bad name: refused with the API's words, the tab keeps its name.
    await engine.fileName.fill('../Counter.t.sol');
    await engine.root.getByRole('button', { name: 'Rename file' }).click();
    await expect(engine.root.getByRole('alert')).toHaveText(
      `A file name is a path ending in .sol, with letters, digits, '-', '_' and '.' only ("../Counter.t.sol" is not).`,
    );
    await expect(engine.fileName).toHaveAttribute('aria-invalid', 'true');
    await engine.fileName.fill('Contract.sol');
    await engine.fileName.press('Enter');
    await expect(engine.root.getByRole('alert')).toHaveText('Two files are named Contract.sol.');
    await engine.fileName.fill('test/Counter.t.sol');
    await engine.fileName.press('Enter');
    await expect(engine.fileTabs).toHaveText(['Contract.sol', 'test/Counter.t.sol']);
    await expect(engine.root.getByRole('alert')).toHaveCount(0);
    await engine.root.getByLabel('Solidity source of test/Counter.t.sol').fill(counterTest);

    // The keyboard moves between the tabs.
    await engine.fileTabs.nth(1).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(engine.fileTabs.nth(0)).toBeFocused();
    await expect(engine.fileTabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(engine.root.getByLabel('Solidity source of Contract.sol')).toHaveValue(/contract Counter \{/);
    await page.keyboard.press('End');
    await expect(engine.fileTabs.nth(1)).toBeFocused();
    await expect(engine.root.getByLabel('Solidity source of test/Counter.t.sol')).toHaveValue(/contract CounterTwiceTest/);

    await engine.network.selectOption('sepolia');
    await engine.start.click();
    await expect(toastText(page, 'Test started successfully!')).toBeVisible();
    // The suite compiles (test/Counter.t.sol imports ../Contract.sol) and its tests run on EDR, as
    // Foundry 1.0 runs them: the sample's testFail… test is named with what to write instead.
    await expect(engine.status).toHaveText('Failed', { timeout: 60_000 });
    await engine.root.getByRole('link', { name: 'View results' }).first().click();
    await expect(page).toHaveURL(/\/test-runs\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^1 of 4 tests failed: CounterTest\.testFailDecrementBelowZero\(\): .*name it test_RevertWhen/)).toBeVisible();
    await expect(page.getByText('3 of 4 passed')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'CounterTwiceTest.testTwice()' }).first()).toContainText('Passed');
    const files = page.getByRole('tablist', { name: 'Files' }).getByRole('tab');
    await expect(files).toHaveText(['Contract.sol', 'test/Counter.t.sol']);
    await expect(page.getByLabel('Solidity source of Contract.sol')).toHaveValue(/contract CounterTest/);
    await files.nth(1).click();
    await expect(page.getByLabel('Solidity source of test/Counter.t.sol')).toHaveValue(counterTest);
    await expect(page.getByLabel('Solidity source of test/Counter.t.sol')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Rename file' })).toHaveCount(0);

    // Run again: the dashboard's editor holds the same files, network and test type.
    await page.getByRole('button', { name: 'Run again' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const again = new TestingEngine(page);
    await expect(again.fileTabs).toHaveText(['Contract.sol', 'test/Counter.t.sol']);
    await expect(again.network).toHaveValue('sepolia');
    await expect(again.testType).toHaveValue('smart_contract');
    await expect(again.root.getByLabel('Solidity source of Contract.sol')).toHaveValue(/contract CounterTest/);
  });

  test('the Vault suite sample: a fuzz test and an invariant campaign pass; a planted bug is found by fuzzing and shown with its counter-example', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const engine = new TestingEngine(page);
    await engine.pickSample('Vault suite');
    await expect(engine.fileTabs).toHaveText(['src/Vault.sol', 'test/Vault.t.sol']);
    await engine.network.selectOption('ethereum');
    await engine.start.click();
    await expect(engine.status).toHaveText('Completed', { timeout: 60_000 });
    await engine.root.getByRole('link', { name: 'View results' }).first().click();
    await expect(page.getByText('All 4 tests passed.')).toBeVisible();
    const fuzz = page.getByRole('listitem').filter({ hasText: 'testFuzzDepositThenWithdraw' }).first();
    await expect(fuzz).toContainText('256 runs');
    await expect(fuzz).toContainText(/mean [\d,]+, median [\d,]+ gas/);
    await expect(page.getByRole('listitem').filter({ hasText: 'invariantHoldsWhatItOwes' }).first()).toContainText(/\d+ runs × 15 calls deep/);
    await expect(page.getByRole('table', { name: 'Gas per function' })).toContainText('deposit');

    // A bug only some inputs reach: fuzzing finds one and shows it, shrunk, with the calldata to replay.
    await page.getByRole('button', { name: 'Run again' }).click();
    const again = new TestingEngine(page);
    await again.fileTabs.nth(1).click();
    const test = again.root.getByLabel('Solidity source of test/Vault.t.sol');
    const text = await test.inputValue();
    await test.fill(
      text.replace(
        /function testFuzzDepositThenWithdraw\(uint96 amount\) public \{/,
        'function testFuzzDepositThenWithdraw(uint96 amount) public {\n        assertTrue(amount < 1000, "amounts from 1000 up break it");',
      ),
    );
    await again.start.click();
    await expect(again.status).toHaveText('Failed', { timeout: 60_000 });
    await again.root.getByRole('link', { name: 'View results' }).first().click();
    await expect(page.getByText(/^1 of 4 tests failed: VaultTest\.testFuzzDepositThenWithdraw\(uint96\)/)).toBeVisible();
    const failed = page.getByRole('listitem').filter({ hasText: 'testFuzzDepositThenWithdraw' }).first();
    await expect(failed).toContainText(/Counter-example: amount = \d+/);
    await expect(failed).toContainText(/Calldata 0x[0-9a-f]+/);
  });

  test('the Vault suite sample as a performance run: calls and gas per second per test and for the suite; as gas_optimization: each function off and on', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const engine = new TestingEngine(page);
    await engine.pickSample('Vault suite');
    await engine.network.selectOption('sepolia');
    await engine.testType.selectOption('performance');
    await engine.start.click();
    await expect(engine.status).toHaveText('Completed', { timeout: 60_000 });
    await engine.root.getByRole('link', { name: 'View results' }).first().click();
    await expect(page.getByText(/^4 tests made [\d,]+ calls at [\d,]+ calls and [\d,]+ gas a second on EDR/)).toBeVisible();
    const figures = page.getByRole('table', { name: 'Performance on EDR' });
    const cellsOf = (name: RegExp) => figures.getByRole('row', { name }).getByRole('cell');
    const rate = /^[\d,]+ a second$/;
    const time = /^[\d.,]+ (µs|ms|s)$/;
    // A fuzz test: one call a run; an invariant reports no gas; the suite's figures below.
    await expect(cellsOf(/testFuzzDepositThenWithdraw/)).toHaveText(['256', time, rate, rate]);
    await expect(cellsOf(/invariantHoldsWhatItOwes/)).toHaveText([/^[\d,]+$/, time, rate, '—']);
    await expect(cellsOf(/^The suite/)).toHaveText([/^[\d,]+$/, time, rate, rate]);

    await page.getByRole('button', { name: 'Run again' }).click();
    const again = new TestingEngine(page);
    await again.testType.selectOption('gas_optimization');
    await again.start.click();
    await expect(again.status).toHaveText('Completed', { timeout: 60_000 });
    await again.root.getByRole('link', { name: 'View results' }).first().click();
    const gas = page.getByRole('table', { name: 'Gas per function' });
    await expect(gas.getByRole('columnheader', { name: 'Mean, optimizer on' })).toBeVisible();
    await expect(gas.getByRole('row', { name: /deposit\(\)/ })).toContainText(/−[\d,]+ gas \(−[\d.]+ %\)/);
  });
});
