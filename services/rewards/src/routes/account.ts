import { achievementsSchema, rewardsSummarySchema, tiersSchema, transactionsSchema } from '@starforge/contracts/rewards';
import { createRouter, jsonResponse, protectedRoute } from '@starforge/service-kit';
import { listAchievements } from '../domain/achievements';
import { listTransactions } from '../domain/statement';
import { readSummary } from '../domain/summary';
import { listTiers } from '../domain/tiers';
import type { RewardsDeps } from '../deps';

/** The caller's account as the stat cards, the tiers table, the statement and the achievements show it. */
export const accountRoutes = (deps: RewardsDeps) => {
  const summaryRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/summary',
    tags: ['rewards'],
    summary: 'Points, tests, NFTs, success rate, cash, FORGE and tier of the signed-in user (creates the account with its FORGE welcome grant on first use)',
    responses: { 200: jsonResponse('The summary', rewardsSummarySchema) },
  });
  const tiersRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/tiers',
    tags: ['rewards'],
    summary: 'The FORGE tiers, ascending required tokens',
    responses: { 200: jsonResponse('The tiers', tiersSchema) },
  });
  const transactionsRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/transactions',
    tags: ['rewards'],
    summary: 'The last 10 ledger rows of the signed-in user, newest first, each with its rule and source',
    responses: { 200: jsonResponse('The statement', transactionsSchema) },
  });
  const achievementsRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/achievements',
    tags: ['rewards'],
    summary: 'The six achievements in spec order, with progress and unlock time',
    responses: { 200: jsonResponse('The achievements', achievementsSchema) },
  });

  return createRouter()
    .openapi(summaryRoute, async (c) => c.json(await readSummary(deps.sql, c.var.user.id), 200))
    .openapi(tiersRoute, async (c) => c.json({ tiers: await listTiers(deps.sql) }, 200))
    .openapi(transactionsRoute, async (c) => c.json({ transactions: await listTransactions(deps.sql, c.var.user.id) }, 200))
    .openapi(achievementsRoute, async (c) => c.json({ achievements: await listAchievements(deps.sql, c.var.user.id) }, 200));
};
