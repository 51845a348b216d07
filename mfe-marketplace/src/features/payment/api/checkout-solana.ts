import type { CheckoutAnswer } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import type { SolanaCheckoutRequest } from '@starforge/payments/wire';

/**
 * POST /api/marketplace/checkout/solana with an Idempotency-Key: the request being paid, the
 * paying wallet and its signed transaction (base64). The server verifies the signature, payer,
 * treasury, amount, reference and blockhash, refuses a replay, and settles the order in one transaction.
 */
const checkoutSolana = (body: SolanaCheckoutRequest, idempotencyKey: string): Promise<CheckoutAnswer> =>
  authClient.authed<CheckoutAnswer>('/api/marketplace/checkout/solana', { method: 'POST', json: body, idempotencyKey });

export const useSolanaCheckout = () => useAction(({ idempotencyKey }, body: SolanaCheckoutRequest) => checkoutSolana(body, idempotencyKey));
