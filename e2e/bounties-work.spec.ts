import { randomUUID } from 'node:crypto';
import { signUpViaApi } from './support/accounts';
import { bountyAnswerSchema } from '@starforge/contracts/bounties';
import { BountyApi, BountyWorkScreen, countSubmissions, fundedProCreator, OpenBountiesScreen } from './support/bounty-work';
import { test, expect } from './support/fixtures';
import { journeyTag, namedAccount, signInViaApi } from './support/marketplace';
import { statValue, toastText } from './pages/rewards-widgets';

/** How the screens write a date (the kit's formatDate). */
const shownDate = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
/** How the screens write a time (the kit's formatWhen). */
const shownWhen = (iso: string): string => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DAY_MS = 86_400_000;

test.describe('/bug-bounties', () => {
  test('searches on the server with the URL, shows each card’s facts and both empty states, offers no Claim on one’s own, and changes live', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 20);
    const reentrancy = `Reentrancy in withdraw ${tag}`;
    const overflow = `Overflow in mint ${tag}`;
    const first = await creator.post({ title: overflow, description: 'The supply wraps past 2^256.', reward: '2.5', severity: 'low', project_id: project.id });
    const second = await creator.post({
      title: reentrancy,
      description: 'withdraw() sends before it updates the balance.',
      reward: '5',
      severity: 'high',
      project_id: project.id,
    });
    await signInViaApi(page, creator.account);
    const open = new OpenBountiesScreen(page);

    await page.goto(`/bug-bounties?q=${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Open Bug Bounties' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Marketplace', '/marketplace'],
      ['Projects', '/projects'],
    ] as const)
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(open.search).toHaveAttribute('placeholder', 'Search bounties...');
    await expect(open.search).toHaveValue(tag);

    // Newest first, every fact of the card; the creator's own have no Claim.
    await expect(open.cards).toHaveCount(2);
    await expect(open.cards.first().getByRole('heading')).toHaveText(reentrancy);
    await expect(open.showing).toHaveText('Showing 2 open bounties');
    const card = open.card(reentrancy);
    await expect(card.locator('.sf-pill')).toHaveText('Severity: High');
    await expect(card.locator('.sf-pill')).toHaveClass(/sf-pill-caution/);
    await expect(open.card(overflow).locator('.sf-pill')).toHaveClass(/sf-pill-success/);
    await expect(card.getByText('withdraw() sends before it updates the balance.')).toBeVisible();
    await expect(card.getByTestId('bounty-reward')).toHaveText('$5.00');
    await expect(open.card(overflow).getByTestId('bounty-reward')).toHaveText('$2.50');
    await expect(card.getByTestId('bounty-project')).toHaveText(`Vault ${tag}`);
    await expect(card.locator('time')).toHaveText(shownDate(second.created_at));
    await expect(card.getByTestId('bounty-own')).toHaveText('Created by you');
    await expect(page.getByRole('button', { name: /^Claim Bounty/ })).toHaveCount(0);

    // Typing searches once it rests; the URL keeps the search for Back.
    await open.search.fill(`overflow IN MINT ${tag}`);
    await expect(page).toHaveURL(new RegExp(`/bug-bounties\\?q=overflow(\\+|%20)IN(\\+|%20)MINT(\\+|%20)${tag}$`));
    await expect(open.cards).toHaveCount(1);
    await expect(open.card(overflow)).toBeVisible();
    await expect(open.showing).toHaveText('Showing 1 open bounty');
    await open.search.fill(`no such bug ${tag}`);
    await expect(open.empty.getByRole('heading')).toHaveText('No Open Bounties Found');
    await expect(open.empty).toContainText('Try adjusting your search terms');
    await expect(open.showing).toHaveText('Showing 0 open bounties');
    await page.goBack();
    await expect(open.search).toHaveValue(`overflow IN MINT ${tag}`);
    await expect(open.cards).toHaveCount(1);

    // Claimed elsewhere: the card leaves the open list on screen, without a reload.
    await page.goto(`/bug-bounties?q=${tag}`);
    await expect(open.cards).toHaveCount(2);
    const hunter = await BountyApi.signUp(playwright, baseURL ?? '');
    await hunter.claimed(first.id);
    await expect(open.cards).toHaveCount(1);
    await expect(open.card(overflow)).toHaveCount(0);
    await expect(open.showing).toHaveText('Showing 1 open bounty');

    // Other journeys' bounties share the database, so the platform without any open bounty is its answer, given here.
    await page.route('**/api/bounties/bounties/open?q=&page=1', (route) => route.fulfill({ json: { bounties: [], total: 0, page: 1, page_size: 24 } }));
    await page.goto('/bug-bounties');
    await expect(open.empty.getByRole('heading')).toHaveText('No Open Bounties Found');
    await expect(open.empty).toContainText('No bug bounties are currently available');
    await expect(open.empty).not.toContainText('Try adjusting your search terms');
    await hunter.dispose();
    await creator.dispose();
  });

  test('Claim Bounty claims it; a bounty someone else took first says so in the server’s words', async ({ page, playwright, baseURL }) => {
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 10);
    const mine = `Signature replay ${tag}`;
    const taken = `Oracle manipulation ${tag}`;
    const minted = await creator.post({ title: mine, description: 'Permits can be replayed.', reward: '3', severity: 'critical', project_id: project.id });
    const raced = await creator.post({ title: taken, description: 'A flash loan moves the price.', reward: '4', severity: 'medium', project_id: project.id });
    const account = await signUpViaApi(page, namedAccount('claimer'));
    const open = new OpenBountiesScreen(page);
    // The tab does not hear of the other claim (its live stream is held back), as a tab asleep would not.
    await page.route('**/api/events/stream', (route) => route.abort());
    await page.goto(`/bug-bounties?q=${tag}`);
    await expect(open.cards).toHaveCount(2);
    await expect(open.card(mine).locator('.sf-pill')).toHaveClass(/sf-pill-danger/);
    await expect(open.card(taken).locator('.sf-pill')).toHaveClass(/sf-pill-warning/);

    const rival = await BountyApi.signUp(playwright, baseURL ?? '', namedAccount('rival'));
    await rival.claimed(raced.id);
    await open.claim(taken).click();
    await expect(toastText(page, 'This bounty is no longer open')).toBeVisible();
    await expect(open.card(taken)).toHaveCount(0);

    await open.claim(mine).click();
    await expect(toastText(page, 'Bug bounty claimed successfully!')).toBeVisible();
    await expect(open.cards).toHaveCount(0);
    await expect(open.empty).toContainText('Try adjusting your search terms');
    // The claimer's page of it opens for them.
    const claimer = await BountyApi.signIn(playwright, baseURL ?? '', account);
    expect((await claimer.completion(minted.id)).bounty.claimed_by_me).toBe(true);
    await claimer.dispose();
    await rival.dispose();
    await creator.dispose();
  });
});

test.describe('/bounty/:id/complete and /bounty/:id/review', () => {
  test('the claimer submits (bad inputs refused first) and updates; the creator rejects with notes seen live, the resubmission arrives live, approval pays the reward to the claimer’s balance', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    // Two people in two browsers through every step of a review, after a funding sale (it took 59 s under a 30-load on two cores).
    test.setTimeout(90_000);
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 12);
    const title = `Unchecked call return ${tag}`;
    const bounty = await creator.post({ title, description: 'transfer() ignores the return value.', reward: '5', severity: 'high', project_id: project.id });
    const account = await signUpViaApi(page, namedAccount('claimer'));
    const claimerApi = await BountyApi.signIn(playwright, baseURL ?? '', account);
    await claimerApi.claimed(bounty.id);

    // The claimer's screen: the summary, nothing submitted yet.
    const claimer = new BountyWorkScreen(page);
    const sent = countSubmissions(page);
    await page.goto(`/bounty/${bounty.id}/complete`);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Bounty' })).toBeVisible();
    await expect(claimer.summary.getByRole('heading', { name: title })).toBeVisible();
    await expect(claimer.summary.getByTestId('bounty-reward')).toHaveText('$5.00');
    await expect(claimer.summary.getByTestId('bounty-project')).toHaveText(`Vault ${tag}`);
    await expect(claimer.reviewTime).toHaveText('Not reviewed yet');
    await expect(claimer.status).toContainText('You have not submitted a completion yet.');

    // The browser's checks: nothing is sent.
    await claimer.submit.click();
    await expect(toastText(page, 'Please provide completion proof')).toBeVisible();
    await expect(claimer.proof).toHaveAttribute('aria-invalid', 'true');
    await claimer.proof.fill('   \n  ');
    await claimer.submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please provide completion proof' })).toBeVisible();
    await claimer.proof.fill('Reproduced with a token that returns false.');
    await claimer.url.fill('ftp://files.example.com/poc.txt');
    await claimer.submit.click();
    await expect(toastText(page, 'Please enter a valid http or https URL')).toBeVisible();
    await expect(claimer.url).toHaveAttribute('aria-invalid', 'true');
    await claimer.url.fill('javascript:alert(1)');
    await claimer.submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid http or https URL' })).toBeVisible();
    expect(sent.count).toBe(0);

    await claimer.url.fill('https://github.com/acme/vault/pull/7');
    await claimer.submit.click();
    await expect(toastText(page, 'Completion submitted successfully!')).toBeVisible();
    await expect(claimer.status).toContainText('Pending review');
    await claimer.proof.fill('Reproduced with a token that returns false; the fix checks it.');
    await claimer.update.click();
    await expect(toastText(page, 'Completion updated successfully!')).toBeVisible();
    expect(sent.count).toBe(2);

    // The creator's screen, in their own browser.
    const creatorContext = await browser.newContext({ baseURL });
    const creatorPage = await creatorContext.newPage();
    await signInViaApi(creatorPage, creator.account);
    const review = new BountyWorkScreen(creatorPage);
    await creatorPage.goto(`/bounty/${bounty.id}/review`);
    await expect(creatorPage.getByRole('heading', { level: 1, name: 'Review Completion' })).toBeVisible();
    await expect(review.summary.getByRole('heading', { name: title })).toBeVisible();
    await expect(review.solution.getByTestId('completion-proof')).toHaveText('Reproduced with a token that returns false; the fix checks it.');
    const link = review.solution.getByTestId('completion-url');
    await expect(link).toHaveAttribute('href', 'https://github.com/acme/vault/pull/7');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await review.notes.fill('Please add a failing test for the fix.');
    await review.reject.click();
    await expect(toastText(creatorPage, 'Bounty completion rejected')).toBeVisible();
    await expect(review.noPending.getByRole('heading')).toHaveText('No Pending Completion Found');
    await expect(review.noPending).toContainText("This bounty doesn't have any pending completions to review.");
    await expect(review.reviewTime).toHaveText(/^(under 1 min|\d+ min)$/);

    // The claimer hears of it without a reload: rejected, with the notes and the review time.
    await expect(claimer.status).toContainText('Rejected');
    await expect(claimer.reviewNotes).toHaveText('Please add a failing test for the fix.');
    await expect(claimer.reviewTime).toHaveText(/^(under 1 min|\d+ min)$/);

    // Resubmitted: pending again, and on the creator's screen at once.
    await claimer.proof.fill('Reproduced with a token that returns false; the fix checks it; test added.');
    await claimer.update.click();
    // The first update's toast may still show (it lasts 4 s): either one says so.
    await expect(toastText(page, 'Completion updated successfully!').first()).toBeVisible();
    await expect(claimer.status).toContainText('Pending review');
    await expect(review.solution.getByTestId('completion-proof')).toHaveText('Reproduced with a token that returns false; the fix checks it; test added.');

    await review.approve.click();
    await expect(toastText(creatorPage, 'Bounty completion approved and payment released!')).toBeVisible();
    await expect(review.noPending).toContainText('You approved the completion: $5.00 was released to the claimer.');
    await expect(review.summary).toHaveAttribute('data-status', 'closed');

    // The claimer: approved live, the form gone; the reward is cash on /balance, its row naming the bounty.
    await expect(claimer.status).toContainText('Approved: $5.00 was paid to your balance.');
    await expect(claimer.proof).toHaveCount(0);
    await page.goto('/balance');
    await expect(statValue(page, 'Cash Balance')).toHaveText('$5.00');
    const row = page.getByTestId('transaction-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('+$5.00');
    await expect(row).toContainText('Bounty reward');
    await expect(row.getByRole('link', { name: 'View bounty' })).toHaveAttribute('href', `/bounty/${bounty.id}/complete`);
    await creatorContext.close();
    await claimerApi.dispose();
    await creator.dispose();
  });

  test('nobody but the claimer opens the completion, nobody but the creator the review: the toast, then /bounties', async ({ page, playwright, baseURL }) => {
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 3);
    const bounty = await creator.post({
      title: `Front-running ${tag}`,
      description: 'The mempool sees it first.',
      reward: '1',
      severity: 'medium',
      project_id: project.id,
    });
    const claimer = await BountyApi.signUp(playwright, baseURL ?? '', namedAccount('claimer'));
    await claimer.claimed(bounty.id);
    await claimer.submitCompletion(bounty.id, 'Sandwiched in a fork.');
    await signUpViaApi(page, namedAccount('stranger'));

    for (const path of [`/bounty/${bounty.id}/review`, `/bounty/${bounty.id}/complete`, '/bounty/not-a-bounty/review', `/bounty/${randomUUID()}/complete`]) {
      await page.goto(path);
      await expect(toastText(page, 'Failed to load bounty details').last()).toBeVisible();
      await expect(page).toHaveURL(/\/bounties$/);
    }
    await expect(page.getByText('Sandwiched in a fork.')).toHaveCount(0);
    await claimer.dispose();
    await creator.dispose();
  });
});

test.describe('claims have a life', () => {
  test('the creator picks the claim period when posting; both sides see the deadline; the claimer releases on the completion screen, the bounty reopens live and closing it returns the reward', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    // Two people in two browsers over six screens, after a sale that funds the creator.
    test.setTimeout(120_000);
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 15);
    await signInViaApi(page, creator.account);

    // Posting: the period is chosen in the form, a week unless changed, and said in words.
    await page.goto(`/bounties?project=${project.id}`);
    const period = page.getByLabel('Claim period');
    await expect(period).toHaveValue('7');
    await expect(period.locator('option')).toHaveText(['3 days', '7 days (default)', '14 days', '30 days']);
    await period.selectOption('14');
    await expect(page.getByText(/^A claim lapses 14 days after it is made/)).toBeVisible();
    const title = `Stale oracle ${tag}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('The price feed is read without its timestamp.');
    await page.getByLabel('Reward (USD)').fill('10');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bounties/bounties');
    await page.getByRole('button', { name: 'Create Bounty', exact: true }).click();
    const bountyId = bountyAnswerSchema.parse(await (await posted).json()).bounty.id;
    await expect(toastText(page, 'Bug bounty created successfully!')).toBeVisible();
    const card = page.getByTestId('bounty-card').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByTestId('bounty-claim-period')).toHaveText('14 days');
    await expect(card.getByTestId('bounty-claim-deadline')).toHaveCount(0);

    // The claimer, in their own browser, sees the period before claiming.
    const claimerAccount = namedAccount('claimer');
    const claimerContext = await browser.newContext({ baseURL });
    const claimerPage = await claimerContext.newPage();
    await signUpViaApi(claimerPage, claimerAccount);
    const open = new OpenBountiesScreen(claimerPage);
    await claimerPage.goto(`/bug-bounties?q=${tag}`);
    await expect(open.card(title).getByTestId('bounty-claim-period')).toHaveText('14 days');
    await open.claim(title).click();
    await expect(toastText(claimerPage, 'Bug bounty claimed successfully!')).toBeVisible();
    const claimerApi = await BountyApi.signIn(playwright, baseURL ?? '', claimerAccount);
    const lapsesAt = (await claimerApi.completion(bountyId)).bounty.claim_lapses_at ?? '';
    expect(Date.parse(lapsesAt) - Date.now()).toBeGreaterThan(14 * DAY_MS - 120_000);
    const deadline = `Lapses ${shownWhen(lapsesAt)} unless a completion is submitted`;

    // The creator: the deadline on the grid (live) and on the review screen.
    await expect(card.getByTestId('bounty-status')).toHaveText('Claimed');
    await expect(card.getByTestId('bounty-claim-deadline')).toHaveText(deadline);
    await page.goto(`/bounty/${bountyId}/review`);
    const review = new BountyWorkScreen(page);
    await expect(review.summary.getByTestId('bounty-claim-deadline')).toHaveText(deadline);

    // The claimer: the deadline and Release Claim on the grid and on the completion screen; released there.
    await claimerPage.goto('/bounties');
    const claimed = claimerPage.getByTestId('bounty-card').filter({ has: claimerPage.getByRole('heading', { name: title }) });
    await expect(claimed.getByTestId('bounty-claim-deadline')).toHaveText(deadline);
    await expect(claimed.getByRole('button', { name: 'Release Claim' })).toBeVisible();
    await claimed.getByRole('link', { name: `Complete Bounty ${title}` }).click();
    const work = new BountyWorkScreen(claimerPage);
    await expect(work.summary.getByTestId('bounty-claim-deadline')).toHaveText(deadline);
    await claimerPage.getByRole('button', { name: 'Release Claim' }).click();
    await claimerPage.getByRole('button', { name: 'Yes, Release Claim' }).click();
    await expect(toastText(claimerPage, 'Claim released: the bounty is open to claim again')).toBeVisible();
    await expect(claimerPage).toHaveURL(/\/bug-bounties$/);
    await open.search.fill(tag);
    await expect(open.claim(title)).toBeVisible();

    // The creator's review screen hears it live; the grid offers Close, which returns the $10.
    await expect(review.summary).toHaveAttribute('data-status', 'open');
    await expect(review.summary.getByTestId('bounty-claim-deadline')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bounties', exact: true }).click();
    await expect(card.getByTestId('bounty-status')).toHaveText('Open');
    await card.getByRole('button', { name: 'Close Bounty' }).click();
    await card.getByRole('button', { name: 'Close and Return Reward' }).click();
    await expect(toastText(page, 'Bounty closed and its reward returned')).toBeVisible();
    await page.goto('/balance');
    await expect(statValue(page, 'Cash Balance')).toHaveText('$15.00');
    await claimerContext.close();
    await claimerApi.dispose();
    await creator.dispose();
  });

  test('a claim that ends while its completion screen is open ends there: the form gone, the way to the open list shown', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = journeyTag();
    // A $0 bounty needs no funds: a Pro creator without cash will do.
    const creator = await BountyApi.signUp(playwright, baseURL ?? '', namedAccount('creator'));
    await creator.upgradeToPro();
    const project = await creator.createProject(`Vault ${tag}`);
    const bounty = await creator.post({
      title: `Rounding ${tag}`,
      description: 'Fees round down to zero.',
      reward: '0',
      project_id: project.id,
      claim_days: 3,
    });
    const account = await signUpViaApi(page, namedAccount('claimer'));
    const claimer = await BountyApi.signIn(playwright, baseURL ?? '', account);
    await claimer.claimed(bounty.id);
    const work = new BountyWorkScreen(page);
    await page.goto(`/bounty/${bounty.id}/complete`);
    await expect(work.proof).toBeVisible();
    await expect(work.summary.getByTestId('bounty-claim-period')).toHaveText('3 days');
    // Released from another device here; a lapse sends the claimer the same event.
    await claimer.release(bounty.id);
    await expect(page.getByTestId('claim-ended')).toContainText('Your claim on this bounty has ended: it is open to claim again.');
    await expect(work.proof).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Release Claim' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse Open Bounties' }).click();
    await expect(page).toHaveURL(/\/bug-bounties$/);
    await claimer.dispose();
    await creator.dispose();
  });
});
