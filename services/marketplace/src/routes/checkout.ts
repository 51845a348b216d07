import { checkoutAnswerSchema } from '@starforge/contracts/marketplace';
import { createRouter, jsonWithout, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse } from '@starforge/service-kit';
import { cardPaymentSchema } from '../domain/card-payment';
import { checkoutCard } from '../domain/checkout';
import type { MarketplaceDeps } from '../deps';

/** Pay by card for the whole cart, or for one NFT ('Purchase NFT' on /nft/:id): one transaction. */
export const checkoutRoutes = (deps: MarketplaceDeps) => {
  const cardRoute = idempotentRoute(
    deps,
    {
      method: 'post',
      path: '/checkout/card',
      tags: ['checkout'],
      summary:
        'Pay by card through the card processor (its mode: GET /card-processor); the proceeds stay pending until the payment settles.  (brand and last 4 kept, never the number or cvv) for the cart (items, each with the price the buyer saw), or the one NFT named by nft_id at price_cents (required): each listing re-checked at its price, sold, the NFT moved, the seller and the creator credited',
      request: { body: { required: true, content: { 'application/json': { schema: cardPaymentSchema } } } },
      responses: {
        201: jsonResponse('Paid', checkoutAnswerSchema),
        400: errorResponse(
          'Please fill in all payment details; price_cents or items missing (the price the buyer saw is required); an invalid card number, expiry or cvv; an expired card; Your cart is empty (cart_empty); own_nft',
        ),
        409: errorResponse(
          'price_changed (the message names the new price); listing_sold (a cart line: the message names it, nothing is bought); or idempotency_key_in_use',
        ),
      },
    },
    { fingerprintBody: jsonWithout('card_number', 'cvv') },
  );

  return createRouter().openapi(cardRoute, (c) => {
    const card = c.req.valid('json');
    const key = c.req.header('idempotency-key') ?? null;
    return idempotentTransaction(c, (tx) => checkoutCard(tx, deps.cards, c.var.user.id, card, key), 201);
  });
};
