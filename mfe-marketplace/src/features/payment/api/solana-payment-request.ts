import type { SolanaPaymentRequestBody } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import { type SolanaPaymentRequest, solanaPaymentRequestSchema } from '@starforge/payments/wire';

/**
 * POST /api/marketplace/checkout/solana/requests with an Idempotency-Key: a payment request for
 * the cart, or for one NFT at the price shown (the treasury, the lamports, a fresh reference key
 * and the blockhash to build on). Read with the contract's schema: the wallet signs what it says.
 */
const requestSolanaPayment = async (body: SolanaPaymentRequestBody, idempotencyKey: string): Promise<SolanaPaymentRequest> =>
  solanaPaymentRequestSchema.parse(
    await authClient.authed<unknown>('/api/marketplace/checkout/solana/requests', { method: 'POST', json: body, idempotencyKey }),
  );

export const useSolanaPaymentRequest = () => useAction(({ idempotencyKey }, body: SolanaPaymentRequestBody) => requestSolanaPayment(body, idempotencyKey));
