import { startSampleContractRun, startSampleSuiteRun } from './test-runs';
import { expect, type PlaywrightWorkerArgs } from '@playwright/test';
import type { TestAccount } from './accounts';
import { BountyApi, fundedProCreator } from './bounty-work';
import { drainProof, vaultWithReentrancy } from './bounty-proofs';
import { journeyTag, MarketApi } from './marketplace';

/** What {@link showcaseAccount} made; the screens' searches by `tag` find these and nothing else. */
export interface Showcase {
  tag: string;
  /** A Pro creator with cash, a project, three bounties and two NFTs of their own, listed. */
  creator: TestAccount;
  /** The hunter who claimed `claimedBountyId` and submitted its completion, awaiting review. */
  hunter: TestAccount;
  projectId: string;
  nftId: string;
  claimedBountyId: string;
  /** The creator's run of the vault sample (one failing test). */
  contractRunId: string;
  /** The creator's run of the Vault suite sample (its files as tabs). */
  suiteRunId: string;
}

/**
 * An account with something on every screen, made by the product's own paths: a sale for cash,
 * Pro by card, a project with its code under test, two open bounties and a third claimed by a
 * hunter whose completion, with an executable proof that has its verdict, waits for review, and
 * two NFTs created and listed.
 */
export const showcaseAccount = async (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<Showcase> => {
  const tag = journeyTag();
  const { creator, project } = await fundedProCreator(playwright, baseURL, tag, 30);
  // The project's code under test (issue 28), so the claimed bounty names a version and its completion carries a proof.
  await creator.saveCode(project.id, [{ name: 'Vault.sol', content: vaultWithReentrancy }]);
  for (const [title, severity] of [
    [`Reentrancy in withdraw ${tag}`, 'high'],
    [`Overflow in mint ${tag}`, 'low'],
  ] as const)
    await creator.post({ title, description: 'Found while testing on Sepolia.', reward: '5', severity, project_id: project.id });
  const claimed = await creator.post({
    title: `Front-running in swap ${tag}`,
    description: 'The price is read before the swap settles.',
    reward: '5',
    severity: 'critical',
    project_id: project.id,
  });
  const hunter = await BountyApi.signUp(playwright, baseURL);
  await hunter.claimed(claimed.id);
  await hunter.submitProof(
    claimed.id,
    'A transaction ordered before the swap moves its price.',
    { name: 'Proof.t.sol', content: drainProof },
    'https://example.com/report',
  );
  // Its verdict, so a screen that shows the proof is not still waiting for the engine.
  await expect.poll(async () => (await hunter.completion(claimed.id)).completion?.proof?.run.verdict, { timeout: 60_000 }).not.toBe('running');

  const market = await MarketApi.signIn(playwright, baseURL, creator.account);
  const first = await market.createListed({ name: `Comet ${tag}`, description: 'A comet over the ridge.', price: '12', image: true });
  await market.createListed({ name: `Nebula ${tag}`, description: 'A nebula in violet.', price: '8', image: true });
  const contractRunId = await startSampleContractRun(market);
  const suiteRunId = await startSampleSuiteRun(market);
  await Promise.all([market.dispose(), creator.dispose(), hunter.dispose()]);
  return {
    tag,
    creator: creator.account,
    hunter: hunter.account,
    projectId: project.id,
    nftId: first.nft_id,
    claimedBountyId: claimed.id,
    contractRunId,
    suiteRunId,
  };
};
