import { listingAnswerSchema, listNftSchema, nftListingSchema } from '@starforge/contracts/marketplace';
import { nftIdParamSchema } from '@starforge/contracts/nft';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, protectedRoute } from '@starforge/service-kit';
import { listNft, readListing, removeListing } from '../domain/listings';
import type { MarketplaceDeps } from '../deps';

const notFoundDoc = errorResponse('nft_not_found: no NFT has this id');
const badIdDoc = errorResponse('The id is not an NFT id (a UUID)');
const notOwnerDoc = errorResponse("not_owner: the caller is not the NFT's current owner");

/** An NFT's listing: read it, list the NFT at a price, remove it from sale. Only the current owner writes. */
export const listingRoutes = (deps: MarketplaceDeps) => {
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/nfts/{id}/listing',
    tags: ['listings'],
    summary: "The NFT's active listing (status listed), or null when it is not for sale; any signed-in user may read it",
    request: { params: nftIdParamSchema },
    responses: { 200: jsonResponse('The listing or null', nftListingSchema), 400: badIdDoc, 404: notFoundDoc },
  });
  const listRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/nfts/{id}/listing',
    tags: ['listings'],
    summary: 'List the NFT for sale at a price (only its current owner, only once minted, one active listing per NFT)',
    request: { params: nftIdParamSchema, body: { required: true, content: { 'application/json': { schema: listNftSchema } } } },
    responses: {
      201: jsonResponse('Listed', listingAnswerSchema),
      400: errorResponse('Please enter a valid price; or the id is not an NFT id'),
      403: notOwnerDoc,
      404: notFoundDoc,
      409: errorResponse('already_listed: This NFT is already listed for sale; not_minted: the NFT is still pending; or idempotency_key_in_use'),
    },
  });
  const removeRoute = idempotentRoute(deps, {
    method: 'delete',
    path: '/nfts/{id}/listing',
    tags: ['listings'],
    summary: 'Remove the NFT from sale: its active listing is cancelled (only its current owner)',
    request: { params: nftIdParamSchema },
    responses: {
      200: jsonResponse('The listing, cancelled', listingAnswerSchema),
      400: badIdDoc,
      403: notOwnerDoc,
      404: notFoundDoc,
      409: errorResponse('not_listed: This NFT is not for sale; not_minted; or idempotency_key_in_use'),
    },
  });

  return createRouter()
    .openapi(readRoute, async (c) => c.json({ listing: await readListing(deps.sql, c.var.user.id, c.req.valid('param').id) }, 200))
    .openapi(listRoute, (c) => {
      const { id } = c.req.valid('param');
      const { price } = c.req.valid('json');
      return idempotentTransaction(c, async (tx) => ({ listing: await listNft(tx, c.var.user.id, id, price) }), 201);
    })
    .openapi(removeRoute, (c) => {
      const { id } = c.req.valid('param');
      return idempotentTransaction(c, async (tx) => ({ listing: await removeListing(tx, c.var.user.id, id) }), 200);
    });
};
