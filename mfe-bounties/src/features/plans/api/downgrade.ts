import type { Subscription } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/** POST /api/bounties/subscription/downgrade with an Idempotency-Key: back to the Free plan (existing bounties stay). */
const downgrade = (idempotencyKey: string): Promise<{ subscription: Subscription }> =>
  authClient.authed<{ subscription: Subscription }>('/api/bounties/subscription/downgrade', { method: 'POST', idempotencyKey });

export const useDowngrade = () => useAction(({ idempotencyKey }) => downgrade(idempotencyKey));
