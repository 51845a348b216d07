import { nftAnswerSchema, nftIdParamSchema, nftsSchema } from '@starforge/contracts/nft';
import { createRouter, errorResponse, jsonResponse, protectedRoute } from '@starforge/service-kit';
import { listNfts, readNft } from '../domain/nfts';
import type { NftDeps } from '../deps';

/** The collection (/nfts) and one NFT (/nft/:id). */
export const nftRoutes = (deps: NftDeps) => {
  const listRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/nfts',
    tags: ['nfts'],
    summary: "The caller's NFTs, owned or made by them, newest first",
    responses: { 200: jsonResponse('The NFTs', nftsSchema) },
  });
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/nfts/{id}',
    tags: ['nfts'],
    summary: 'Any NFT (any signed-in user may look), with whether the caller owns it or made it',
    request: { params: nftIdParamSchema },
    responses: {
      200: jsonResponse('The NFT', nftAnswerSchema),
      400: errorResponse('validation_failed: the id is not a UUID (NFT not found)'),
      404: errorResponse('nft_not_found: no NFT has this id'),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => c.json({ nfts: await listNfts(deps.sql, c.var.user.id) }, 200))
    .openapi(readRoute, async (c) => c.json({ nft: await readNft(deps.sql, c.var.user.id, c.req.valid('param').id) }, 200));
};
