import { authClient, useAction } from '@starforge/host';
import { type SolanaPaymentRequest, solanaPaymentRequestSchema } from '@starforge/payments/wire';

/**
 * POST /api/bounties/subscription/upgrade/solana/requests with an Idempotency-Key: a payment
 * request for the $29 (the treasury, the lamports, a fresh reference key, the blockhash). Read
 * with the contract's schema: the wallet signs what it says.
 */
const requestSolanaUpgrade = async (idempotencyKey: string): Promise<SolanaPaymentRequest> =>
  solanaPaymentRequestSchema.parse(await authClient.authed<unknown>('/api/bounties/subscription/upgrade/solana/requests', { method: 'POST', idempotencyKey }));

export const useSolanaUpgradeRequest = () => useAction(({ idempotencyKey }) => requestSolanaUpgrade(idempotencyKey));
