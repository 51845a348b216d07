import { conversionSchema, convertPointsSchema, stakeSchema, stakingResultSchema, unstakeSchema } from '@starforge/contracts/rewards';
import { createRouter, errorResponse, idempotentRoute, jsonResponse, idempotentTransaction } from '@starforge/service-kit';
import { convertPoints, stakeTokens, unstakeTokens } from '../domain/money';
import type { RewardsDeps } from '../deps';

/** Points to cash and FORGE staking: each one transaction, its answer kept with it for retries. */
export const moneyRoutes = (deps: RewardsDeps) => {
  const convertRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/convert',
    tags: ['balance'],
    summary: 'Convert points to cash: 1000 points = $1.00, at least 1000, in steps of 10',
    request: { body: { required: true, content: { 'application/json': { schema: convertPointsSchema } } } },
    responses: {
      200: jsonResponse('Converted', conversionSchema),
      400: errorResponse('Minimum conversion is 1000 points, or not a step of 10'),
      422: errorResponse('insufficient_points: more than the points balance; or idempotency_key_reused'),
    },
  });
  const stakeRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/tokens/stake',
    tags: ['balance'],
    summary: 'Stake available FORGE',
    request: { body: { required: true, content: { 'application/json': { schema: stakeSchema } } } },
    responses: {
      200: jsonResponse('Staked', stakingResultSchema),
      400: errorResponse('Please enter a valid amount to stake'),
      422: errorResponse('insufficient_tokens: more than the available FORGE; or idempotency_key_reused'),
    },
  });
  const unstakeRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/tokens/unstake',
    tags: ['balance'],
    summary: 'Unstake staked FORGE',
    request: { body: { required: true, content: { 'application/json': { schema: unstakeSchema } } } },
    responses: {
      200: jsonResponse('Unstaked', stakingResultSchema),
      400: errorResponse('Please enter a valid amount to unstake'),
      422: errorResponse('insufficient_staked_tokens: more than the staked FORGE; or idempotency_key_reused'),
    },
  });

  return createRouter()
    .openapi(convertRoute, (c) => {
      const { points } = c.req.valid('json');
      return idempotentTransaction(c, (tx) => convertPoints(tx, c.var.user.id, points), 200);
    })
    .openapi(stakeRoute, (c) => {
      const { amount } = c.req.valid('json');
      return idempotentTransaction(c, (tx) => stakeTokens(tx, c.var.user.id, amount), 200);
    })
    .openapi(unstakeRoute, (c) => {
      const { amount } = c.req.valid('json');
      return idempotentTransaction(c, (tx) => unstakeTokens(tx, c.var.user.id, amount), 200);
    });
};
