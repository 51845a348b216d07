import { createRoute } from '@hono/zod-openapi';
import { nftIdParamSchema } from '@starforge/contracts/nft';
import { nftSalesAnswerSchema } from '@starforge/contracts/marketplace';
import { createRouter, errorResponse, jsonResponse } from '@starforge/service-kit';
import { nftSales, SALE_HISTORY_LIMIT } from '../domain/sales';
import type { MarketplaceDeps } from '../deps';

/** An NFT's sale history, public: no token needed (prices and display names only). */
export const salesRoutes = (deps: MarketplaceDeps) => {
  const historyRoute = createRoute({
    method: 'get',
    path: '/nfts/{id}/sales',
    tags: ['listings'],
    summary: `The NFT's sales, newest first (at most ${SALE_HISTORY_LIMIT}): price, the seller's and the buyer's display names, when; public`,
    request: { params: nftIdParamSchema },
    responses: {
      200: jsonResponse('The sales', nftSalesAnswerSchema),
      400: errorResponse('The id is not an NFT id (a UUID)'),
      404: errorResponse('nft_not_found: no NFT has this id'),
    },
  });
  return createRouter().openapi(historyRoute, async (c) => c.json(await nftSales(deps.sql, c.req.valid('param').id), 200));
};
