import type { CardPaymentRequest, CheckoutAnswer } from '@starforge/contracts/marketplace-cart';
import { authClient, useAction } from '@starforge/host';

/**
 * POST /api/marketplace/checkout/card with an Idempotency-Key: pays for the cart, or for the one
 * NFT the body names, in one transaction (the server keeps the card's brand and last 4 only).
 */
const checkoutCard = (body: CardPaymentRequest, idempotencyKey: string): Promise<CheckoutAnswer> =>
  authClient.authed<CheckoutAnswer>('/api/marketplace/checkout/card', { method: 'POST', json: body, idempotencyKey });

export const useCardCheckout = () => useAction(({ idempotencyKey }, body: CardPaymentRequest) => checkoutCard(body, idempotencyKey));
