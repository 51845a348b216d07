import type { Bounty } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/** POST /api/bounties/bounties/:id/close with an Idempotency-Key (its creator, while open): closed, the held reward returned to the creator's cash. */
const closeBounty = (id: string, idempotencyKey: string): Promise<{ bounty: Bounty }> =>
  authClient.authed<{ bounty: Bounty }>(`/api/bounties/bounties/${encodeURIComponent(id)}/close`, { method: 'POST', idempotencyKey });

export const useCloseBounty = () => useAction(({ idempotencyKey }, id: string) => closeBounty(id, idempotencyKey));
