import { test, expect } from './support/fixtures';
import { signUpViaApi } from './support/accounts';
import { RewardsApi } from './support/rewards-api';
import { statHint, statValue, toastText, TokenPanel } from './pages/rewards-widgets';

test.describe('points, cash and FORGE', () => {
  test('converts earned points to cash on /rewards and the statement explains every row', async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const account = await signUpViaApi(page);
    const api = await RewardsApi.signIn(playwright, baseURL ?? '', account);
    const earned = await api.earnPoints(1_000);
    await api.dispose();

    await page.goto('/rewards');
    await expect(page.getByRole('heading', { name: 'Rewards & Achievements' })).toBeVisible();
    await expect(statValue(page, 'Points Balance')).toHaveText(earned.points_balance.toLocaleString('en-US'));
    await expect(page.locator('#achievement-first_test')).toHaveAttribute('data-unlocked', 'true');
    await expect(page.locator('#achievement-test_master')).toHaveAttribute('data-unlocked', 'true');
    await expect(page.locator('#achievement-nft_creator')).toHaveAttribute('data-unlocked', 'false');

    const points = page.getByLabel('Points to convert');
    await points.fill('999');
    await expect(page.getByText('You will receive $0.99')).toBeVisible();
    await page.getByRole('button', { name: 'Convert to Cash' }).click();
    await expect(toastText(page, 'Minimum conversion is 1000 points')).toBeVisible();

    await points.fill('1000');
    await expect(page.getByText('You will receive $1.00')).toBeVisible();
    await page.getByRole('button', { name: 'Convert to Cash' }).click();
    await expect(toastText(page, 'Converted 1,000 points to $1.00!')).toBeVisible();
    await expect(statValue(page, 'Cash Balance')).toHaveText('$1.00');
    await expect(statValue(page, 'Points Balance')).toHaveText((earned.points_balance - 1_000).toLocaleString('en-US'));
    // Two points figures, each saying which it is: converting lowers what is left to spend, not what was earned.
    const lifetime = earned.points.toLocaleString('en-US');
    await expect(statHint(page, 'Points Balance')).toHaveText(`Left to spend · ${lifetime} earned in all`);

    await page.goto('/balance');
    await expect(page.getByRole('heading', { name: 'Balance & Earnings' })).toBeVisible();
    await expect(statValue(page, 'Total Earned')).toHaveText('$1.00');
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(10);
    const newest = rows.first();
    await expect(newest).toContainText('Points to cash');
    await expect(newest).toContainText('1,000 points = $1.00');
    await expect(newest).toHaveAttribute('data-status', 'completed');
    // The badge says what completed: the conversion, and each test's credit (a failed test's +25 too).
    await expect(rows.locator('.sf-pill')).toHaveText(['Converted', ...Array<string>(9).fill('Credited')]);
    await expect(statHint(page, 'Points Balance')).toHaveText(`Left to spend · ${lifetime} earned in all`);
    // A row earned by a test links to that run's own page (the dashboard lists only the latest few).
    await expect(rows.getByRole('link', { name: 'View test run' }).first()).toHaveAttribute('href', /\/test-runs\/[0-9a-f-]{36}$/);

    await page.goto('/dashboard');
    await expect(statValue(page, 'Points')).toHaveText(lifetime);
    await expect(statHint(page, 'Points')).toHaveText(`Earned in all · ${(earned.points_balance - 1_000).toLocaleString('en-US')} left to spend`);
  });

  test('stakes and unstakes with the quick amounts on the dashboard, and the forms refuse what they must', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    const panel = new TokenPanel(page);
    await panel.expectTokens('1,000', '0');
    await expect(panel.tier).toHaveText('Bronze');
    await expect(panel.button('Unstake 100')).toBeDisabled();
    await expect(panel.button('Unstake all')).toBeDisabled();

    await panel.button('Stake 500').click();
    await panel.expectTokens('500', '500');
    await panel.button('Stake 500').click();
    await panel.expectTokens('0', '1,000');
    await expect(panel.button('Stake 100')).toBeDisabled();
    await expect(panel.button('Stake 500')).toBeDisabled();
    // Tier counts available plus staked: staking does not change it.
    await expect(panel.tier).toHaveText('Bronze');
    await panel.button('Unstake 100').click();
    await panel.expectTokens('100', '900');
    await expect(panel.button('Stake 100')).toBeEnabled();
    await expect(panel.button('Stake 500')).toBeDisabled();
    await panel.button('Unstake all').click();
    await panel.expectTokens('1,000', '0');

    await page.goto('/balance');
    const stake = page.getByLabel('Amount to stake');
    const unstake = page.getByLabel('Amount to unstake');
    await stake.fill('0');
    await page.getByRole('button', { name: 'Stake', exact: true }).click();
    await expect(toastText(page, 'Please enter a valid amount to stake')).toBeVisible();
    await stake.fill('5000');
    await page.getByRole('button', { name: 'Stake', exact: true }).click();
    await expect(toastText(page, 'Insufficient tokens to stake')).toBeVisible();
    await unstake.fill('1');
    await page.getByRole('button', { name: 'Unstake', exact: true }).click();
    await expect(toastText(page, 'Insufficient staked tokens to unstake')).toBeVisible();
    await stake.fill('250');
    await page.getByRole('button', { name: 'Stake', exact: true }).click();
    await expect(page.getByText(/Staked 250 FORGE/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tiers' })).toBeVisible();
    await expect(page.getByText('1,000 FORGE', { exact: false }).first()).toBeVisible();
    // Where FORGE comes from after the welcome grant.
    await expect(page.getByText(/each completed test run earns 25 more \(up to 500 a day\)/)).toBeVisible();
  });

  test('withdraws to the connected wallet: every refusal, then the cash is held and sent', async ({ page, playwright, baseURL, withPhantom }) => {
    test.setTimeout(60_000);
    const wallet = await withPhantom();
    const account = await signUpViaApi(page);
    const api = await RewardsApi.signIn(playwright, baseURL ?? '', account);
    await api.earnPoints(1_000);
    expect((await api.post('/convert', { points: 1_000 })).status).toBe(200);
    await api.dispose();

    await page.goto('/withdrawal');
    await expect(page.getByRole('heading', { name: 'Withdraw Funds' })).toBeVisible();
    const amount = page.getByLabel('Amount (USD)');
    const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true });
    await amount.fill('0.50');
    await withdraw.click();
    await expect(toastText(page, 'Please connect your Solana wallet first')).toBeVisible();

    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await expect(page.getByTestId('withdrawal-wallet-address')).toContainText(`${wallet.address.slice(0, 8)}...${wallet.address.slice(-8)}`, {
      timeout: 6_000,
    });

    await amount.fill('');
    await withdraw.click();
    await expect(toastText(page, 'Please enter a valid withdrawal amount')).toBeVisible();
    await amount.fill('0.001');
    await withdraw.click();
    await expect(toastText(page, 'Minimum withdrawal amount is $0.01')).toBeVisible();
    await amount.fill('5');
    await withdraw.click();
    await expect(toastText(page, 'Insufficient balance for withdrawal')).toBeVisible();

    await page.getByRole('button', { name: '50%' }).click();
    await expect(amount).toHaveValue('0.50');
    await page.getByRole('button', { name: 'Max' }).click();
    await expect(amount).toHaveValue('1.00');
    await page.getByRole('button', { name: '25%' }).click();
    await expect(amount).toHaveValue('0.25');
    await withdraw.click();
    // Held at once, sent about 3 s later by the server, announced without a reload, even on the
    // screen the user went on to meanwhile.
    await expect(statValue(page, 'Cash Balance')).toHaveText('$0.75');
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toastText(page, /^Withdrawal successful! TX: /)).toBeVisible({ timeout: 10_000 });
    await expect(statValue(page, 'Cash Balance')).toHaveText('$0.75');
    await page.goBack();
    await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', 'completed');
  });
});
