import { checkoutAnswerSchema, solanaPaymentRequestBodySchema } from '@starforge/contracts/marketplace';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse } from '@starforge/service-kit';
import { checkoutSolana, createSolanaPaymentRequest, SOLANA_REQUEST_TTL_SECONDS } from '../domain/solana-payment';
import { orderOf } from '../domain/checkout';
import type { MarketplaceDeps } from '../deps';
import { solanaCheckoutSchema, solanaPaymentRequestSchema } from '@starforge/payments/wire';

/** Pay with a Solana wallet, in two steps: a payment request to sign, then the signed transfer (README, "Paying with a Solana wallet"). */
export const solanaRoutes = (deps: MarketplaceDeps) => {
  const requestRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/checkout/solana/requests',
    tags: ['checkout'],
    summary: `A payment request for the cart's items (each with the price the buyer saw), or the one NFT named by nft_id at price_cents (required): the treasury, the total in lamports, a fresh reference key and the blockhash to sign a transfer on, valid ${SOLANA_REQUEST_TTL_SECONDS / 60} minutes`,
    request: { body: { required: true, content: { 'application/json': { schema: solanaPaymentRequestBodySchema } } } },
    responses: {
      201: jsonResponse('The payment request', solanaPaymentRequestSchema),
      400: errorResponse('Your cart is empty (cart_empty); own_nft; solana_order_too_large; or the id is not an NFT id'),
      409: errorResponse('price_changed (the message names the new price); listing_sold; or idempotency_key_in_use'),
    },
  });
  const payRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/checkout/solana',
    tags: ['checkout'],
    summary:
      "Pay a payment request with the wallet's signed transfer (base64): signature, payer, recipient, amount, reference and blockhash verified; then, as a card checkout, each listing re-checked, sold, the NFT moved, the seller and the creator credited",
    request: { body: { required: true, content: { 'application/json': { schema: solanaCheckoutSchema } } } },
    responses: {
      201: jsonResponse('Paid', checkoutAnswerSchema),
      400: errorResponse(
        'solana_payment_invalid: the transaction does not pay this request; solana_payment_failed: the network did not take it; Please connect your Solana wallet first (no wallet address); own_nft; cart_empty',
      ),
      404: errorResponse("payment_request_not_found: no payment request of the caller's has this id"),
      409: errorResponse(
        'payment_request_used; order_changed (other NFTs or another total than requested); price_changed; listing_sold; or idempotency_key_in_use',
      ),
      410: errorResponse('payment_request_expired: ask for a new payment request'),
    },
  });

  return createRouter()
    .openapi(requestRoute, (c) => {
      const order = c.req.valid('json');
      return idempotentTransaction(c, (tx) => createSolanaPaymentRequest(tx, c.var.user.id, orderOf(order), deps.solana), 201);
    })
    .openapi(payRoute, (c) => {
      const body = c.req.valid('json');
      const key = c.req.header('idempotency-key') ?? null;
      return idempotentTransaction(c, (tx) => checkoutSolana(tx, c.var.user.id, body, deps.solana, key), 201);
    });
};
