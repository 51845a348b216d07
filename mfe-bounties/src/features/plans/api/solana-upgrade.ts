import type { UpgradeAnswer } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';
import type { SolanaCheckoutRequest } from '@starforge/payments/wire';

/** POST /api/bounties/subscription/upgrade/solana with an Idempotency-Key: the signed transfer; the server verifies it and makes the plan Pro. */
const upgradeBySolana = (body: SolanaCheckoutRequest, idempotencyKey: string): Promise<UpgradeAnswer> =>
  authClient.authed<UpgradeAnswer>('/api/bounties/subscription/upgrade/solana', { method: 'POST', json: body, idempotencyKey });

export const useSolanaUpgrade = () => useAction(({ idempotencyKey }, body: SolanaCheckoutRequest) => upgradeBySolana(body, idempotencyKey));
