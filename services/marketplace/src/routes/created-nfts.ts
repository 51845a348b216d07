import { createdNftSchema, createNftSchema } from '@starforge/contracts/marketplace';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse } from '@starforge/service-kit';
import { createListedNft } from '../domain/created-nfts';
import type { MarketplaceDeps } from '../deps';

/** /nft-creator's form: an NFT created completed and listed at its price, in one transaction. */
export const createdNftRoutes = (deps: MarketplaceDeps) => {
  const createRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/created-nfts',
    tags: ['listings'],
    summary: 'Create an NFT (completed, on Ethereum, owned by the caller; no mint points) and list it at its price',
    request: { body: { required: true, content: { 'application/json': { schema: createNftSchema } } } },
    responses: {
      201: jsonResponse('Created and listed', createdNftSchema),
      400: errorResponse("The creator form's messages (name, price, royalty, edition size, tags); image_not_found"),
    },
  });

  return createRouter().openapi(createRoute, (c) => idempotentTransaction(c, (tx) => createListedNft(tx, c.var.user.id, c.req.valid('json')), 201));
};
