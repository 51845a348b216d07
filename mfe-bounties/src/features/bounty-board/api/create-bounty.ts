import type { Bounty, CreateBountyRequest } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/**
 * POST /api/bounties/bounties with an Idempotency-Key (Pro only): the bounty, its reward held
 * from the creator's cash in the same transaction (refused, naming the balance, when it is short).
 */
const createBounty = (body: CreateBountyRequest, idempotencyKey: string): Promise<{ bounty: Bounty }> =>
  authClient.authed<{ bounty: Bounty }>('/api/bounties/bounties', { method: 'POST', json: body, idempotencyKey });

export const useCreateBounty = () => useAction(({ idempotencyKey }, body: CreateBountyRequest) => createBounty(body, idempotencyKey));
