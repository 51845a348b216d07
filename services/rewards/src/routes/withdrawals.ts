import { withdrawalAcceptedSchema, withdrawalsSchema, withdrawSchema } from '@starforge/contracts/rewards';
import { createRouter, errorResponse, idempotentRoute, jsonResponse, idempotentTransaction, protectedRoute } from '@starforge/service-kit';
import { listWithdrawals, requestWithdrawal } from '../domain/withdrawals';
import type { RewardsDeps } from '../deps';

/** Withdrawals: the cash is held when accepted, a durable job sends it about 3 s later. */
export const withdrawalRoutes = (deps: RewardsDeps) => {
  const requestRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/withdrawals',
    tags: ['withdrawals'],
    summary: 'Withdraw cash to a Solana wallet: held at once (pending), completed about 3 s later and announced live',
    request: { body: { required: true, content: { 'application/json': { schema: withdrawSchema } } } },
    responses: {
      201: jsonResponse('Accepted, pending; the cash is held', withdrawalAcceptedSchema),
      400: errorResponse('Please connect your Solana wallet first / Please enter a valid withdrawal amount / Minimum withdrawal amount is $0.01'),
      422: errorResponse('insufficient_balance: Insufficient balance for withdrawal; or idempotency_key_reused'),
    },
  });
  const listRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/withdrawals',
    tags: ['withdrawals'],
    summary: 'The last 10 withdrawals, newest first',
    responses: { 200: jsonResponse('The withdrawals', withdrawalsSchema) },
  });

  return createRouter()
    .openapi(requestRoute, (c) => {
      const { wallet_address: walletAddress, amount: amountCents } = c.req.valid('json');
      return idempotentTransaction(
        c,
        (tx) => requestWithdrawal(tx, deps.jobs, c.var.user.id, { walletAddress, amountCents }, deps.config.withdrawalDelayMs),
        201,
      );
    })
    .openapi(listRoute, async (c) => c.json({ withdrawals: await listWithdrawals(deps.sql, c.var.user.id) }, 200));
};
