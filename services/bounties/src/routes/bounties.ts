import {
  bountiesAnswerSchema,
  bountiesQuerySchema,
  bountyAnswerSchema,
  bountyIdParamSchema,
  createBountySchema,
  openBountiesQuerySchema,
} from '@starforge/contracts/bounties';
import {
  asksFresh,
  createRouter,
  errorResponse,
  idempotentRoute,
  idempotentTransaction,
  jsonResponse,
  protectedRoute,
  sendJsonText,
} from '@starforge/service-kit';
import { claimBounty, closeBounty, createBounty } from '../domain/bounty-commands';
import { listBounties, readBounty } from '../domain/bounty-read-model';
import { releaseClaim } from '../domain/claim-life';
import { openBountiesAnswer } from '../domain/open-bounty-pages';
import type { BountiesDeps } from '../deps';

const notFoundDoc = errorResponse('bounty_not_found: no bounty has this id');
const badIdDoc = errorResponse('The id is not a bounty id (a UUID)');

/** Funded bug bounties: post one (Pro), the /bounties grid, the open list and its search, one bounty, claim, release, close. */
export const bountyRoutes = (deps: BountiesDeps) => {
  const postRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/bounties',
    tags: ['bounties'],
    summary:
      "Post a bug bounty (Pro users only) under one of the caller's active projects; its reward is held from the caller's cash in the same transaction (ledger key bounty:<id>:hold; a $0 reward moves nothing)",
    request: { body: { required: true, content: { 'application/json': { schema: createBountySchema } } } },
    responses: {
      201: jsonResponse('Posted, the reward held', bountyAnswerSchema),
      400: errorResponse(
        "Please fill in all required fields; Please enter a valid reward amount; project_not_active (not one of the caller's active projects); insufficient_funds (the message names the cash available)",
      ),
      403: errorResponse('pro_required: Only Pro users can create bug bounties. Please upgrade your subscription.'),
      409: errorResponse('idempotency_key_in_use'),
    },
  });
  const listRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/bounties',
    tags: ['bounties'],
    summary: 'Every bounty (any status), newest first, optionally of one project; 24 a page with the total',
    request: { query: bountiesQuerySchema },
    responses: { 200: jsonResponse('A page of bounties', bountiesAnswerSchema), 400: errorResponse('page not a whole number from 1, or project not a UUID') },
  });
  const openRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/bounties/open',
    tags: ['bounties'],
    summary:
      "Open bounties, newest first, 24 a page with the total; q (trimmed, at most 100 characters) matches the title, description or project name case-insensitively, % and _ literally. The caller's own are listed (created_by_me: no Claim). Cache-Control: no-cache reads past the copy's cache (the browser sends it after the caller's own claim)",
    request: { query: openBountiesQuerySchema },
    responses: {
      200: jsonResponse('A page of open bounties', bountiesAnswerSchema),
      400: errorResponse('q longer than 100 characters, page not a whole number from 1, or seen not a transaction id (at most 20 digits)'),
    },
  });
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/bounties/{id}',
    tags: ['bounties'],
    summary: 'One bounty (any signed-in user; the completion proof is not part of it)',
    request: { params: bountyIdParamSchema },
    responses: { 200: jsonResponse('The bounty', bountyAnswerSchema), 400: badIdDoc, 404: notFoundDoc },
  });
  const claimRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/bounties/{id}/claim',
    tags: ['bounties'],
    summary:
      'Claim an open bounty (not one of the caller’s own): one conditional update, so of simultaneous claims exactly one wins. The claim lapses after the bounty’s claim_days unless a completion is pending then (claim_lapses_at; a durable job reopens the bounty)',
    request: { params: bountyIdParamSchema },
    responses: {
      200: jsonResponse('Claimed by the caller', bountyAnswerSchema),
      400: errorResponse('own_bounty: You cannot claim your own bounty; or the id is not a bounty id'),
      404: notFoundDoc,
      409: errorResponse('bounty_not_open: This bounty is no longer open; or idempotency_key_in_use'),
    },
  });
  const releaseRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/bounties/{id}/release',
    tags: ['bounties'],
    summary:
      'The claimer gives the claim up: the bounty is open again (its creator may then close it, the reward returned), the claimer’s completion withdrawn, both told live (bounties.claim_ended)',
    request: { params: bountyIdParamSchema },
    responses: {
      200: jsonResponse('Released: the bounty open again', bountyAnswerSchema),
      400: badIdDoc,
      403: errorResponse('not_claimer: Only the claimer of this bounty can release it'),
      404: notFoundDoc,
      409: errorResponse('completion_approved: the bounty was approved and closed first; or idempotency_key_in_use'),
    },
  });
  const closeRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/bounties/{id}/close',
    tags: ['bounties'],
    summary: "Close one's own open bounty: its held reward returned to the caller's cash (ledger key bounty:<id>:return)",
    request: { params: bountyIdParamSchema },
    responses: {
      200: jsonResponse('Closed, the reward returned', bountyAnswerSchema),
      400: badIdDoc,
      403: errorResponse('not_creator: Only the creator of this bounty can close it'),
      404: notFoundDoc,
      409: errorResponse('bounty_not_closable: Only an open bounty can be closed (a claimed one is decided by its review); or idempotency_key_in_use'),
    },
  });

  // /bounties/open before /bounties/{id}: the first route that matches answers.
  return createRouter()
    .openapi(postRoute, (c) => {
      const input = c.req.valid('json');
      return idempotentTransaction(c, async (tx) => ({ bounty: await createBounty(tx, c.var.user.id, input) }), 201);
    })
    .openapi(listRoute, async (c) => c.json(await listBounties(deps.sql, c.var.user.id, c.req.valid('query')), 200))
    .openapi(openRoute, async (c) => {
      const fresh = asksFresh(c.req.header('cache-control'));
      return sendJsonText(c, await openBountiesAnswer(deps.sql, c.var.user.id, c.req.valid('query'), deps.openPages, { fresh }), 200);
    })
    .openapi(readRoute, async (c) => c.json({ bounty: await readBounty(deps.sql, c.var.user.id, c.req.valid('param').id) }, 200))
    .openapi(claimRoute, (c) => {
      const { id } = c.req.valid('param');
      return idempotentTransaction(c, async (tx) => ({ bounty: await claimBounty(tx, deps.jobs, c.var.user.id, id) }), 200);
    })
    .openapi(releaseRoute, (c) => {
      const { id } = c.req.valid('param');
      return idempotentTransaction(c, async (tx) => ({ bounty: await releaseClaim(tx, c.var.user.id, id) }), 200);
    })
    .openapi(closeRoute, (c) => {
      const { id } = c.req.valid('param');
      return idempotentTransaction(c, async (tx) => ({ bounty: await closeBounty(tx, c.var.user.id, id) }), 200);
    });
};
