import { Transaction } from '@solana/web3.js';
import { bountyAnswerSchema, upgradeAnswerSchema } from '@starforge/contracts/bounties';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { newAccount, signUpViaApi, type TestAccount } from './support/accounts';
import { countBountiesPosts, earnCashBySale } from './support/bounties';
import { BountyApi } from './support/bounty-work';
import { goodCard, journeyTag, PaymentScreen } from './support/marketplace';
import { toastText } from './pages/rewards-widgets';
import { solanaCheckoutSchema } from '@starforge/payments/wire';

const plan = (page: Page, name: 'Free Plan' | 'Pro Plan'): Locator => page.getByRole('region', { name });
const displayName = (account: TestAccount) => `${account.firstName} ${account.lastName}`;
const nextYear = (new Date().getUTCFullYear() + 1) % 100;

test.describe('/pricing', () => {
  test('signed out: the two plans with their prices and features, the FAQ; Upgrade leads to sign-in', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
    await expect(plan(page, 'Free Plan').getByTestId('plan-price')).toHaveText('$0');
    await expect(plan(page, 'Pro Plan').getByTestId('plan-price')).toHaveText('$29');
    await expect(plan(page, 'Pro Plan')).toContainText('/month');
    await expect(plan(page, 'Free Plan').getByRole('listitem')).toHaveText(['View and claim bounties', 'Basic marketplace access', 'Community support']);
    await expect(plan(page, 'Pro Plan').getByRole('listitem')).toHaveText([
      'Create bug bounties',
      'Create projects',
      'Priority support',
      'Analytics',
      'Custom project settings',
      'Higher marketplace visibility',
    ]);
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    for (const question of [
      'Can I downgrade anytime?',
      'Which payment methods do you accept?',
      'What happens to my bounties if I downgrade?',
      'Can I participate on the free plan?',
    ]) {
      await expect(faq.getByText(question)).toBeVisible();
    }
    await expect(faq).toContainText('Both traditional payments (credit and debit cards) and Solana.');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

    await plan(page, 'Pro Plan').getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('by card: bad cards are refused without sending, then Pro, active since now, and the dashboard 1.5 s later; the badge says Pro; Downgrade asks, then Free', async ({
    page,
  }) => {
    await signUpViaApi(page);
    const upgrades = countBountiesPosts(page, '/subscription/upgrade');
    await page.goto('/pricing');
    await expect(plan(page, 'Free Plan')).toContainText('Current Plan');
    await expect(plan(page, 'Pro Plan')).not.toContainText('Current Plan');

    const upgrade = plan(page, 'Pro Plan').getByRole('button', { name: 'Upgrade to Pro' });
    await expect(upgrade).toHaveAttribute('aria-expanded', 'false');
    await upgrade.click();
    await expect(plan(page, 'Pro Plan').getByRole('button', { name: 'Hide payment' })).toHaveAttribute('aria-expanded', 'true');
    const payment = new PaymentScreen(page);
    await expect(payment.cardTab).toHaveAttribute('aria-selected', 'true');
    await expect(payment.pay).toHaveText('Pay $29.00');
    // The bounties service's card processor is the simulated one: the form says so.
    await expect(page.getByTestId('card-processor-notice')).toHaveText('Card payments are simulated: no card is charged.');

    await payment.pay.click();
    await expect(toastText(page, 'Please fill in all payment details')).toBeVisible();
    await payment.fillCard({ ...goodCard, number: '4242 4242 4242 4241' });
    await payment.pay.click();
    await expect(page.getByText('Please enter a valid card number', { exact: true }).first()).toBeVisible();
    await expect(payment.cardNumber).toHaveAttribute('aria-invalid', 'true');
    await payment.fillCard({ ...goodCard, expiry: '01/20' });
    await payment.pay.click();
    await expect(toastText(page, 'This card has expired')).toBeVisible();
    await payment.fillCard({ ...goodCard, cvv: '12' });
    await payment.pay.click();
    await expect(toastText(page, 'Please enter a valid CVV (3 or 4 digits)')).toBeVisible();
    expect(upgrades.count, 'nothing is sent while the card is refused').toBe(0);

    await payment.fillCard({ ...goodCard, expiry: `12/${nextYear}` });
    await page.getByRole('radio', { name: 'Debit card' }).check();
    const paid = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bounties/subscription/upgrade/card');
    await payment.pay.click();
    const answer = await paid;
    expect(answer.status(), await answer.text()).toBe(201);
    expect(upgradeAnswerSchema.parse(await answer.json()).payment).toMatchObject({ payment_method: 'debit_card', card_last4: '4242', total_cents: 2900 });
    await expect(toastText(page, 'Successfully upgraded to Pro!')).toBeVisible();
    const upgradedAt = Date.now();
    await expect(plan(page, 'Pro Plan')).toContainText('Current Plan');
    await expect(plan(page, 'Pro Plan').getByTestId('plan-active-since')).toContainText('Active since');
    await expect(page.getByText('Taking you to your dashboard...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(Date.now() - upgradedAt, 'the dashboard follows after 1.5 s').toBeGreaterThan(1_000);

    await page.goto('/bounties');
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');

    // Downgrade asks first; Keep Pro changes nothing.
    await page.goto('/pricing');
    const pro = plan(page, 'Pro Plan');
    await expect(pro.getByTestId('plan-active-since')).toBeVisible();
    await pro.getByRole('button', { name: 'Downgrade to Free' }).click();
    await expect(pro.getByRole('group', { name: /Return to the Free plan\? Your existing bounties stay/ })).toBeVisible();
    await expect(pro.getByRole('button', { name: 'Confirm Downgrade' })).toBeFocused();
    await pro.getByRole('button', { name: 'Keep Pro' }).click();
    await expect(pro).toContainText('Current Plan');
    await pro.getByRole('button', { name: 'Downgrade to Free' }).click();
    await pro.getByRole('button', { name: 'Confirm Downgrade' }).click();
    await expect(toastText(page, 'You are now on the Free plan')).toBeVisible();
    await expect(plan(page, 'Free Plan')).toContainText('Current Plan');
    await expect(pro.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    await page.goto('/bounties');
    await expect(page.getByTestId('plan-badge')).toHaveText('Free Plan');
  });

  test('with Solana: the wallet asked for, a real transfer signed for $29 / 100 in SOL, then Pro; a change made elsewhere shows live', async ({
    page,
    playwright,
    baseURL,
    withPhantom,
  }) => {
    const wallet = await withPhantom();
    const account = await signUpViaApi(page);
    await page.goto('/pricing');
    await plan(page, 'Pro Plan').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const payment = new PaymentScreen(page);
    await payment.solanaTab.click();
    const panel = page.getByRole('tabpanel', { name: 'Solana' });
    await expect(panel.getByTestId('sol-total')).toHaveText('0.29 SOL');
    await panel.getByRole('button', { name: 'Pay 0.29 SOL' }).click();
    await expect(toastText(page, 'Please connect your Solana wallet first')).toBeVisible();
    await panel.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(panel.getByTestId('solana-wallet-address')).toContainText(wallet.address.slice(0, 6));

    const paid = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bounties/subscription/upgrade/solana');
    await panel.getByRole('button', { name: 'Pay 0.29 SOL' }).click();
    const answer = await paid;
    expect(answer.status(), await answer.text()).toBe(201);
    const sent = solanaCheckoutSchema.parse(answer.request().postDataJSON());
    expect(sent.wallet_address).toBe(wallet.address);
    expect(Transaction.from(Buffer.from(sent.transaction, 'base64')).verifySignatures()).toBe(true);
    expect(upgradeAnswerSchema.parse(await answer.json()).payment).toMatchObject({
      payment_method: 'solana',
      amount_lamports: '290000000',
      solana_wallet_address: wallet.address,
    });
    await expect(toastText(page, 'Successfully upgraded to Pro!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Another device downgrades: the open page follows (bounties.subscription_changed), no reload.
    await page.goto('/pricing');
    await expect(plan(page, 'Pro Plan')).toContainText('Current Plan');
    const elsewhere = await BountyApi.signIn(playwright, baseURL ?? '', account);
    await elsewhere.downgrade();
    await expect(plan(page, 'Free Plan')).toContainText('Current Plan');
    await expect(plan(page, 'Pro Plan').getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    await elsewhere.upgradeToPro();
    await expect(plan(page, 'Pro Plan')).toContainText('Current Plan');
    await elsewhere.dispose();
  });
});

test.describe('/projects', () => {
  test('Create Project: the toggle, the defaults, a name required and a budget checked, then the card (active green, owner, budget) and View Bug Bounties', async ({
    page,
  }) => {
    const account = await signUpViaApi(page, newAccount());
    const name = `Vault audit ${journeyTag()}`;
    const creates = countBountiesPosts(page, '/projects');
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'QA Testing Projects', level: 1 })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Create Project' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const form = page.getByRole('form', { name: 'New Project' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Project type')).toHaveValue('smart_contract');
    await expect(form.getByLabel('Project type').locator('option')).toHaveText(['Smart Contract', 'DApp', 'DeFi', 'NFT', 'Other']);
    const budget = form.getByLabel('Budget (USD)');
    await expect(budget).toHaveValue('0');
    await expect(budget).toHaveAttribute('min', '0');
    await expect(budget).toHaveAttribute('step', '0.01');

    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(toastText(page, 'Please enter a project name')).toBeVisible();
    await expect(form.getByLabel('Project name')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Project name').fill('   ');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(form.getByText('Please enter a project name')).toBeVisible();
    await form.getByLabel('Project name').fill(name);
    await budget.fill('-5');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(toastText(page, 'Please enter a valid budget')).toBeVisible();
    expect(creates.count, 'nothing is sent while the form is refused').toBe(0);

    await form.getByLabel('Project type').selectOption({ label: 'DeFi' });
    await budget.fill('1250.5');
    await form.getByLabel('Description', { exact: true }).fill('Lending pool with flash loans.');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(toastText(page, 'Project created successfully!')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    const card = page.getByTestId('project-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toHaveAttribute('data-tone', 'green');
    await expect(card.getByTestId('project-status')).toHaveText('Active');
    await expect(card.getByTestId('project-type')).toHaveText('DeFi');
    await expect(card.getByTestId('project-owner')).toHaveText(`${displayName(account)} (you)`);
    await expect(card.getByTestId('project-budget')).toHaveText('$1,250.50');
    await expect(card).toContainText('Lending pool with flash loans.');

    await card.getByRole('link', { name: `View Bug Bounties of ${name}` }).click();
    await expect(page).toHaveURL(/\/bounties\?project=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Bug Bounties', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Project', { exact: true })).toHaveValue(new URL(page.url()).searchParams.get('project') ?? '');
    await expect(page.getByTestId('bounties-empty')).toContainText('This project has no bounties yet.');
  });
});

test.describe('/bounties', () => {
  test('a Free user: the Free Plan badge, the links, and the form disabled with Create Bounty (Pro Only) and why', async ({ page, playwright, baseURL }) => {
    const account = await signUpViaApi(page);
    const api = await BountyApi.signIn(playwright, baseURL ?? '', account);
    await api.createProject(`Free project ${journeyTag()}`);
    await page.goto('/bounties');
    await expect(page.getByTestId('plan-badge')).toHaveText('Free Plan');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Dashboard', '/dashboard'],
      ['Projects', '/projects'],
      ['Pricing', '/pricing'],
    ] as const) {
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    const create = page.getByRole('button', { name: 'Create Bounty (Pro Only)' });
    await expect(create).toBeDisabled();
    await expect(page.getByTestId('pro-only')).toContainText('Only Pro users can create bug bounties. Please upgrade your subscription.');
    await expect(page.getByLabel('Title', { exact: true })).toBeDisabled();
    // The notice stands apart from the field under it (issue 26: it touched the Title label).
    const notice = await page.getByTestId('pro-only').boundingBox();
    const titleLabel = await page
      .locator('label', { hasText: /^Title/ })
      .first()
      .boundingBox();
    expect(notice && titleLabel ? titleLabel.y - (notice.y + notice.height) : -1).toBeGreaterThanOrEqual(12);
    await page.getByTestId('pro-only').getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await api.dispose();
  });

  test('a Pro user with cash: the form checked, a funded bounty posted, one above the balance refused naming it; the cards of creator and claimer, live; Close returns the reward', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const account = await signUpViaApi(page);
    const api = await BountyApi.signIn(playwright, baseURL ?? '', account);
    await api.upgradeToPro();
    await earnCashBySale(playwright, baseURL ?? '', account, 40);
    const vault = await api.createProject(`Vault ${tag}`);
    const bridge = await api.createProject(`Bridge ${tag}`);
    const other = await api.post({ title: `Bridge replay ${tag}`, description: 'Replay a message.', reward: '5', project_id: bridge.id });

    await page.goto(`/bounties?project=${vault.id}`);
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');
    await expect(page.getByLabel('Project', { exact: true })).toHaveValue(vault.id);
    for (const project of [vault, bridge]) await expect(page.getByRole('option', { name: project.name })).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await expect(page.getByLabel('Reward (USD)')).toHaveAttribute('step', '0.01');
    // ?project= shows that project's bounties only.
    await expect(page.getByTestId('bounties-filter')).toBeVisible();
    await expect(page.getByRole('heading', { name: other.title })).toHaveCount(0);

    const create = page.getByRole('button', { name: 'Create Bounty', exact: true });
    await create.click();
    await expect(toastText(page, 'Please fill in all required fields')).toBeVisible();
    const title = `Reentrancy ${tag}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('withdraw() pays before it updates the balance.');
    await page.getByLabel('Reward (USD)').fill('-1');
    await create.click();
    await expect(toastText(page, 'Please enter a valid reward amount')).toBeVisible();
    await page.getByLabel('Reward (USD)').fill('25');
    await page.getByRole('radio', { name: 'High' }).check();
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bounties/bounties');
    await create.click();
    const bountyId = bountyAnswerSchema.parse(await (await posted).json()).bounty.id;
    await expect(toastText(page, 'Bug bounty created successfully!')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

    const card = page.getByTestId('bounty-card').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByTestId('bounty-severity')).toHaveText('Severity: High');
    await expect(card.getByTestId('bounty-severity')).toHaveAttribute('data-tone', 'orange');
    await expect(card.getByTestId('bounty-reward')).toHaveText('$25.00');
    await expect(card.getByTestId('bounty-project')).toHaveText(`Vault ${tag}`);
    await expect(card.getByTestId('bounty-status')).toHaveText('Open');
    await expect(card).toContainText('Created by you');
    await expect(card.getByRole('button', { name: 'Close Bounty' })).toBeVisible();

    // $5 and $25 of $40 are held: $20 more is refused with the balance, and nothing is posted.
    await page.getByLabel('Title', { exact: true }).fill(`Overdraft ${tag}`);
    await page.getByLabel('Description', { exact: true }).fill('More than the cash.');
    await page.getByLabel('Reward (USD)').fill('20');
    await create.click();
    await expect(toastText(page, 'Insufficient balance to fund this bounty ($10.00 available)')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Overdraft ${tag}` })).toHaveCount(0);

    // A claim elsewhere reaches the creator's grid live: Review Completion; the claimer sees Complete Bounty.
    const claimerAccount = newAccount('claimer');
    const claimerContext = await browser.newContext({ baseURL });
    const claimerPage = await claimerContext.newPage();
    await signUpViaApi(claimerPage, claimerAccount);
    const claimer = await BountyApi.signIn(playwright, baseURL ?? '', claimerAccount);
    await claimer.claimed(bountyId);
    await expect(card.getByTestId('bounty-status')).toHaveText('Claimed');
    await expect(card.getByRole('link', { name: `Review Completion of ${title}` })).toHaveAttribute('href', `/bounty/${bountyId}/review`);
    await expect(card.getByRole('button', { name: 'Close Bounty' })).toHaveCount(0);
    await claimerPage.goto('/bounties');
    const claimed = claimerPage.getByTestId('bounty-card').filter({ has: claimerPage.getByRole('heading', { name: title }) });
    await expect(claimed).toContainText('Claimed by you');
    await expect(claimed).not.toContainText('Created by you');
    await expect(claimed.getByRole('link', { name: `Complete Bounty ${title}` })).toHaveAttribute('href', `/bounty/${bountyId}/complete`);
    await expect(claimerPage.getByTestId('plan-badge')).toHaveText('Free Plan');

    // Without the filter every bounty shows; the creator closes the open one and its $5 returns.
    await page.getByRole('link', { name: 'Show every bounty' }).click();
    await expect(page).toHaveURL(/\/bounties$/);
    const open = page.getByTestId('bounty-card').filter({ has: page.getByRole('heading', { name: other.title }) });
    await open.getByRole('button', { name: 'Close Bounty' }).click();
    await open.getByRole('button', { name: 'Close and Return Reward' }).click();
    await expect(toastText(page, 'Bounty closed and its reward returned')).toBeVisible();
    await expect(open.getByTestId('bounty-status')).toHaveText('Closed');
    await expect(open.getByRole('button', { name: 'Close Bounty' })).toHaveCount(0);
    await page.getByLabel('Project', { exact: true }).selectOption(vault.id);
    await page.getByLabel('Title', { exact: true }).fill(`Overdraft ${tag}`);
    await page.getByLabel('Description', { exact: true }).fill('More than the cash.');
    await page.getByLabel('Reward (USD)').fill('20');
    await create.click();
    await expect(toastText(page, 'Insufficient balance to fund this bounty ($15.00 available)')).toBeVisible();

    await Promise.all([api.dispose(), claimer.dispose(), claimerContext.close()]);
  });

  test('a Pro user without cash: a reward is refused naming the $0.00 available; a $0 bounty needs no funds', async ({ page, playwright, baseURL }) => {
    const tag = journeyTag();
    const account = await signUpViaApi(page);
    const api = await BountyApi.signIn(playwright, baseURL ?? '', account);
    await api.upgradeToPro();
    await api.createProject(`Empty purse ${tag}`);
    await page.goto('/bounties');
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro Plan');
    await page.getByLabel('Project', { exact: true }).selectOption({ label: `Empty purse ${tag}` });
    await page.getByLabel('Title', { exact: true }).fill(`Unfunded ${tag}`);
    await page.getByLabel('Description', { exact: true }).fill('No cash behind it.');
    await page.getByLabel('Reward (USD)').fill('5');
    const create = page.getByRole('button', { name: 'Create Bounty', exact: true });
    await create.click();
    await expect(toastText(page, 'Insufficient balance to fund this bounty ($0.00 available)')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Insufficient balance to fund this bounty ($0.00 available)' }).first()).toBeVisible();

    await page.getByLabel('Reward (USD)').fill('0');
    await page.getByRole('radio', { name: 'Critical' }).check();
    await create.click();
    await expect(toastText(page, 'Bug bounty created successfully!')).toBeVisible();
    const card = page.getByTestId('bounty-card').filter({ has: page.getByRole('heading', { name: `Unfunded ${tag}` }) });
    await expect(card.getByTestId('bounty-reward')).toHaveText('$0.00');
    await expect(card.getByTestId('bounty-severity')).toHaveAttribute('data-tone', 'red');
    await api.dispose();
  });
});
