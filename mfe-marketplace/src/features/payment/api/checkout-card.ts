import type { CheckoutAnswer } from '@starforge/contracts/marketplace';
import type { OrderRequest } from '@starforge/contracts/marketplace';
import type { CardPaymentRequestOf } from '@starforge/payments/wire';
import { authClient, useAction } from '@starforge/host';

type CardPaymentRequest = CardPaymentRequestOf<OrderRequest>;

/**
 * POST /api/marketplace/checkout/card with an Idempotency-Key: pays for the cart, or for the one
 * NFT the body names, in one transaction (the server keeps the card's brand and last 4 only).
 */
const checkoutCard = (body: CardPaymentRequest, idempotencyKey: string): Promise<CheckoutAnswer> =>
  authClient.authed<CheckoutAnswer>('/api/marketplace/checkout/card', { method: 'POST', json: body, idempotencyKey });

export const useCardCheckout = () => useAction(({ idempotencyKey }, body: CardPaymentRequest) => checkoutCard(body, idempotencyKey));
