import type { Bounty } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/** POST /api/bounties/bounties/:id/release with an Idempotency-Key (its claimer): the claim given up, the bounty open again. */
const releaseClaim = (id: string, idempotencyKey: string): Promise<{ bounty: Bounty }> =>
  authClient.authed<{ bounty: Bounty }>(`/api/bounties/bounties/${encodeURIComponent(id)}/release`, { method: 'POST', idempotencyKey });

export const useReleaseClaim = () => useAction(({ idempotencyKey }, id: string) => releaseClaim(id, idempotencyKey));
