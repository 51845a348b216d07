import { subscriptionAnswerSchema, upgradeAnswerSchema } from '@starforge/contracts/bounties';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, jsonWithout, protectedRoute } from '@starforge/service-kit';
import { SOLANA_REQUEST_TTL_SECONDS } from '@starforge/payments/server';
import type { BountiesDeps } from '../deps';
import { createUpgradeRequest, downgrade, readSubscription, upgradeByCard, upgradeBySolana } from '../domain/plans';
import { cardPaymentOf, solanaCheckoutSchema, solanaPaymentRequestSchema } from '@starforge/payments/wire';
import { z } from 'zod';

/** POST /subscription/upgrade/card: the card alone (the plan and its $29 are the server's). */
const upgradeCardSchema = cardPaymentOf(z.object({}));

const alreadyProDoc = 'already_pro: You are already on the Pro plan';

/** The caller's plan: read it, upgrade to Pro by card or Solana wallet ($29), downgrade to Free (README, "Plans and payments"). */
export const subscriptionRoutes = (deps: BountiesDeps) => {
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/subscription',
    tags: ['plans'],
    summary: "The caller's plan: Free (no start) until an upgrade, then Pro from its start until a downgrade",
    responses: { 200: jsonResponse('The plan', subscriptionAnswerSchema) },
  });
  const cardRoute = idempotentRoute(
    deps,
    {
      method: 'post',
      path: '/subscription/upgrade/card',
      tags: ['plans'],
      summary: 'Upgrade to Pro by card: the $29 recorded with the brand and last 4 (never the number or cvv), not a ledger row; Pro from now',
      request: { body: { required: true, content: { 'application/json': { schema: upgradeCardSchema } } } },
      responses: {
        201: jsonResponse('Upgraded: the plan and the payment', upgradeAnswerSchema),
        400: errorResponse('Please fill in all payment details; an invalid card number, expiry or cvv; an expired card'),
        409: errorResponse(`${alreadyProDoc}; or idempotency_key_in_use`),
      },
    },
    { fingerprintBody: jsonWithout('card_number', 'cvv') },
  );
  const solanaRequestRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/subscription/upgrade/solana/requests',
    tags: ['plans'],
    summary: `A payment request for the Pro plan's $29: the treasury, the lamports ($29 / 100 in SOL), a fresh reference key and the blockhash to sign a transfer on, valid ${SOLANA_REQUEST_TTL_SECONDS / 60} minutes`,
    responses: {
      201: jsonResponse('The payment request', solanaPaymentRequestSchema),
      409: errorResponse(`${alreadyProDoc}; or idempotency_key_in_use`),
    },
  });
  const solanaRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/subscription/upgrade/solana',
    tags: ['plans'],
    summary:
      "Upgrade to Pro with the wallet's signed transfer (base64) paying a payment request: signature, payer, recipient (the treasury), amount, reference and blockhash verified, the transfer settled, the payment recorded (transaction, wallet, lamports); Pro from now",
    request: { body: { required: true, content: { 'application/json': { schema: solanaCheckoutSchema } } } },
    responses: {
      201: jsonResponse('Upgraded: the plan and the payment', upgradeAnswerSchema),
      400: errorResponse(
        'solana_payment_invalid: the transaction does not pay this request; solana_payment_failed: the network did not take it; Please connect your Solana wallet first (no wallet address)',
      ),
      404: errorResponse("payment_request_not_found: no payment request of the caller's has this id"),
      409: errorResponse(`payment_request_used (this request or this transaction paid before); ${alreadyProDoc}; or idempotency_key_in_use`),
      410: errorResponse('payment_request_expired: ask for a new payment request'),
    },
  });
  const downgradeRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/subscription/downgrade',
    tags: ['plans'],
    summary: "Back to the Free plan: nothing refunded, the caller's bounties stay (open, claimable, reviewable); posting new ones needs Pro again",
    responses: {
      200: jsonResponse('The plan, Free', subscriptionAnswerSchema),
      409: errorResponse('not_pro: You are already on the Free plan; or idempotency_key_in_use'),
    },
  });

  return createRouter()
    .openapi(readRoute, async (c) => c.json({ subscription: await readSubscription(deps.sql, c.var.user.id) }, 200))
    .openapi(cardRoute, (c) => {
      const card = c.req.valid('json');
      const key = c.req.header('idempotency-key') ?? null;
      return idempotentTransaction(c, (tx) => upgradeByCard(tx, c.var.user.id, card, key), 201);
    })
    .openapi(solanaRequestRoute, (c) => idempotentTransaction(c, (tx) => createUpgradeRequest(tx, c.var.user.id, deps.solana), 201))
    .openapi(solanaRoute, (c) => {
      const body = c.req.valid('json');
      const key = c.req.header('idempotency-key') ?? null;
      return idempotentTransaction(c, (tx) => upgradeBySolana(tx, c.var.user.id, body, deps.solana, key), 201);
    })
    .openapi(downgradeRoute, (c) => idempotentTransaction(c, async (tx) => ({ subscription: await downgrade(tx, c.var.user.id) }), 200));
};
