import { marketplaceSearchAnswerSchema, marketplaceSearchQuerySchema } from '@starforge/contracts/marketplace';
import { asksFresh, createRouter, errorResponse, jsonResponse, protectedRoute, sendJsonText } from '@starforge/service-kit';
import { searchAnswer } from '../domain/search';
import type { MarketplaceDeps } from '../deps';

/** The marketplace's grid: listed NFTs, newest first, a page at a time, searched by the server. */
export const searchRoutes = (deps: MarketplaceDeps) => {
  const route = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/listings',
    tags: ['search'],
    summary:
      "Listed NFTs, newest first, 24 a page with the total; q (trimmed, at most 100 characters) matches the name, description, seller's display name or full name case-insensitively, % and _ literally; seen (the transactionId of a marketplace.listing_changed event) asks for a page no older than that change",
    request: { query: marketplaceSearchQuerySchema },
    responses: {
      200: jsonResponse('A page of listings', marketplaceSearchAnswerSchema),
      400: errorResponse('q longer than 100 characters, page not a whole number from 1, or seen not a transaction id (at most 20 digits)'),
    },
  });
  return createRouter().openapi(route, async (c) => {
    deps.refreshSearch();
    const fresh = asksFresh(c.req.header('cache-control'));
    return sendJsonText(c, await searchAnswer(deps.sql, c.var.user.id, c.req.valid('query'), deps.searchCache, { fresh }), 200);
  });
};
