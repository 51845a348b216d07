import { BountyApi, BountyWorkScreen, fundedProCreator } from './support/bounty-work';
import { drainProof, ProjectCodeScreen, ProofScreen, sameBugOtherWords, vaultFixed, vaultWithReentrancy } from './support/bounty-proofs';
import { test, expect } from './support/fixtures';
import { journeyTag, signInViaApi } from './support/marketplace';
import { toastText } from './pages/rewards-widgets';

/** How the screens write a date (the kit's formatDate). */
const shownDate = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** A proof runs in the engine's workers (compile, deploy, EDR): seconds, more on two busy cores. */
const ENGINE = { timeout: 60_000 };

test.describe('bounties with executable proofs (issue 28)', () => {
  test('the creator saves the code, a hunter proves the bug with a test, the creator sees the verdict, reruns it, approves, and a fix closes the finding', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 20);
    const code = new ProjectCodeScreen(page, project.name);

    // The creator keeps the vault's code under test: one file, named as a proof imports it.
    await signInViaApi(page, creator.account);
    await page.goto('/projects');
    await code.open();
    await expect(code.panel.getByRole('tab', { name: 'Contract.sol' })).toHaveAttribute('aria-selected', 'true');
    await code.renameFile('Vault.sol');
    await code.source('Vault.sol').fill(vaultWithReentrancy);
    await code.save.click();
    await expect(toastText(page, 'Saved as version 1: the engine is checking it')).toBeVisible();
    await expect(code.version(1)).toHaveAttribute('data-status', 'compiled', ENGINE);
    await expect(code.version(1)).toContainText('Compiled');
    await expect(code.panel.getByText('No approved proof yet', { exact: false })).toBeVisible();

    // A bounty posted now names that version; a hunter claims it.
    const bounty = await creator.post({
      title: `Reentrancy ${tag}`,
      description: 'Take more out than you put in.',
      reward: '5',
      severity: 'critical',
      project_id: project.id,
    });
    expect(bounty.code_version).toBe(1);
    const hunter = await BountyApi.signUp(playwright, baseURL ?? '');
    await hunter.claimed(bounty.id);

    // The hunter reads the version's code and attaches a test that drains it.
    const hunterContext = await browser.newContext();
    const hunterPage = await hunterContext.newPage();
    await signInViaApi(hunterPage, hunter.account);
    await hunterPage.goto(`/bounty/${bounty.id}/complete`);
    const work = new BountyWorkScreen(hunterPage);
    const proof = new ProofScreen(hunterPage);
    await expect(hunterPage.getByRole('heading', { name: 'Project code, version 1' })).toBeVisible();
    await expect(proof.versionSource('Vault.sol')).toHaveValue(vaultWithReentrancy);
    await expect(proof.versionSource('Vault.sol')).toHaveAttribute('readonly', '');
    await expect(proof.fileName).toHaveValue('Proof.t.sol');
    await work.proof.fill('withdraw() sends the ether before it zeroes the balance, so a contract that re-enters takes every deposit.');
    await proof.testSource('Proof.t.sol').fill(drainProof);
    await work.submit.click();
    await expect(toastText(hunterPage, 'Completion submitted successfully!')).toBeVisible();
    // The verdict arrives live, in a region that announces it.
    await expect(proof.verdict).toHaveText('Reproduces', ENGINE);
    await expect(proof.block.getByRole('status')).toContainText('against version 1');
    await expect(proof.block).toContainText('DrainTest.testDrain()');
    await expect(proof.gas).toHaveText(/^[\d,]+ gas$/);
    await expect(proof.sameFinding).toHaveCount(0);

    // The creator reviews: the same verdict, and runs the proof again.
    const review = new ProofScreen(page);
    await page.goto(`/bounty/${bounty.id}/review`);
    await expect(new BountyWorkScreen(page).solution).toContainText('withdraw() sends the ether');
    await expect(review.verdict).toHaveText('Reproduces');
    await expect(review.block).toContainText('Proof file: Proof.t.sol');
    await expect(review.why).toHaveText('testDrain passed against version 1: the exploit held.');
    const ran = review.block.getByRole('status').locator('time');
    const firstRun = await ran.getAttribute('datetime');
    await review.runAgain.click();
    await expect(toastText(page, 'Running the proof…')).toBeVisible();
    // A new run, finished: its time is not the first run's.
    await expect
      .poll(
        async () => ((await review.verdict.textContent()) === 'Reproduces' && (await ran.count()) === 1 ? await ran.getAttribute('datetime') : 'running'),
        ENGINE,
      )
      .not.toMatch(new RegExp(`^(running|${firstRun})$`));
    await expect(review.runAgain).toBeEnabled();

    // Approved, the finding is on the project; a fixed version closes it, live.
    await new BountyWorkScreen(page).approve.click();
    await expect(toastText(page, 'Bounty completion approved and payment released!')).toBeVisible();
    await page.goto('/projects');
    await code.open();
    await expect(code.findings).toHaveCount(1);
    await expect(code.findings.first()).toContainText(`Reentrancy ${tag}`);
    await expect(code.findings.first().getByTestId('finding-state')).toHaveText('still reproduces', ENGINE);
    await code.source('Vault.sol').fill(vaultFixed);
    await code.save.click();
    await expect(toastText(page, 'Saved as version 2: the engine is checking it')).toBeVisible();
    await expect(code.version(2)).toHaveAttribute('data-status', 'compiled', ENGINE);
    await expect(code.findings.first().getByTestId('finding-state')).toHaveText('fixed in version 2', ENGINE);

    await hunterContext.close();
    await hunter.dispose();
    await creator.dispose();
  });

  test('a second hunter’s proof of the same bug in other words is the same finding: the creator and its claimer see the first one’s date, and nothing of its proof', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tag = journeyTag();
    const { creator, project } = await fundedProCreator(playwright, baseURL ?? '', tag, 20);
    await creator.saveCode(project.id, [{ name: 'Vault.sol', content: vaultWithReentrancy }]);
    const first = await creator.post({ title: `Drain ${tag}`, description: 'Take every deposit.', reward: '2', severity: 'critical', project_id: project.id });
    const second = await creator.post({
      title: `Payout ${tag}`,
      description: 'Take more than you gave.',
      reward: '2',
      severity: 'high',
      project_id: project.id,
    });
    const original = 'withdraw() sends the ether before it zeroes the balance, so a contract that re-enters takes every deposit.';

    // The first hunter proves it (by the API); its run ends with a verdict.
    const hunterOne = await BountyApi.signUp(playwright, baseURL ?? '');
    await hunterOne.claimed(first.id);
    await hunterOne.submitProof(first.id, original, { name: 'Proof.t.sol', content: drainProof });
    await expect.poll(async () => (await hunterOne.completion(first.id)).completion?.proof?.run.verdict, ENGINE).toBe('reproduces');
    const firstAt = (await hunterOne.completion(first.id)).completion?.completed_at ?? '';

    // The second hunter proves the same bug in the browser, with other names and words.
    const hunterTwo = await BountyApi.signUp(playwright, baseURL ?? '');
    await hunterTwo.claimed(second.id);
    const hunterContext = await browser.newContext();
    const hunterPage = await hunterContext.newPage();
    await signInViaApi(hunterPage, hunterTwo.account);
    await hunterPage.goto(`/bounty/${second.id}/complete`);
    const work = new BountyWorkScreen(hunterPage);
    const mine = new ProofScreen(hunterPage);
    await work.proof.fill('The payout can be re-entered: a thief contract gets back more than it deposited.');
    await mine.fileName.fill('ReentrancyPoC.sol');
    await mine.testSource('ReentrancyPoC.sol').fill(sameBugOtherWords);
    await work.submit.click();
    await expect(toastText(hunterPage, 'Completion submitted successfully!')).toBeVisible();
    await expect(mine.verdict).toHaveText('Reproduces', ENGINE);
    await expect(mine.sameFinding).toHaveText(`Same finding as the completion submitted on ${shownDate(firstAt)}`, ENGINE);
    await expect(hunterPage.getByText(original)).toHaveCount(0);
    await expect(hunterPage.getByText('Proof.t.sol')).toHaveCount(0);

    // The creator reads the same line on the second bounty's review, beside its own proof.
    await signInViaApi(page, creator.account);
    await page.goto(`/bounty/${second.id}/review`);
    const review = new ProofScreen(page);
    await expect(review.verdict).toHaveText('Reproduces');
    await expect(review.sameFinding).toHaveText(`Same finding as the completion submitted on ${shownDate(firstAt)}`);
    await expect(review.block).toContainText('Proof file: ReentrancyPoC.sol');
    // The original itself is no one's duplicate.
    await page.goto(`/bounty/${first.id}/review`);
    await expect(review.verdict).toHaveText('Reproduces');
    await expect(review.sameFinding).toHaveCount(0);

    await hunterContext.close();
    await Promise.all([hunterOne.dispose(), hunterTwo.dispose(), creator.dispose()]);
  });
});
