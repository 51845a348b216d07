import type { ProofRun } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/**
 * POST /api/bounties/bounties/:id/completion/proof-runs with an Idempotency-Key (the claimer or
 * the bounty's creator): "Run proof again", against the bounty's code version.
 */
const rerunProof = (bountyId: string, idempotencyKey: string): Promise<{ run: ProofRun }> =>
  authClient.authed<{ run: ProofRun }>(`/api/bounties/bounties/${encodeURIComponent(bountyId)}/completion/proof-runs`, { method: 'POST', idempotencyKey });

export const useRerunProof = () => useAction(({ idempotencyKey }, bountyId: string) => rerunProof(bountyId, idempotencyKey));
