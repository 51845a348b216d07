import type { Bounty } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/**
 * POST /api/bounties/bounties/:id/claim with an Idempotency-Key: the caller becomes the claimer of an open
 * bounty that is not theirs (409 `bounty_not_open` when someone was first).
 */
const claimBounty = async (bountyId: string, idempotencyKey: string): Promise<Bounty> =>
  (await authClient.authed<{ bounty: Bounty }>(`/api/bounties/bounties/${encodeURIComponent(bountyId)}/claim`, { method: 'POST', idempotencyKey })).bounty;

export const useClaimBounty = () => useAction(({ idempotencyKey }, bountyId: string) => claimBounty(bountyId, idempotencyKey));
