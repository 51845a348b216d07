import { mintNftSchema, nftAnswerSchema } from '@starforge/contracts/nft';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse } from '@starforge/service-kit';
import { startMint } from '../domain/mints';
import type { NftDeps } from '../deps';

/** The minting wizard's submit: the NFT pending at once, completed by a durable job 4 s later. */
export const mintRoutes = (deps: NftDeps) => {
  // Idempotent: a submit retried after a lost answer mints one NFT, not two.
  const mintRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/mints',
    tags: ['nfts'],
    summary: 'Mint an NFT from the wizard: inserted pending, completed about 4 s later by a durable job (tx hash, token id, +100 points), announced live',
    request: { body: { required: true, content: { 'application/json': { schema: mintNftSchema } } } },
    responses: {
      201: jsonResponse('The NFT, pending', nftAnswerSchema),
      400: errorResponse("validation_failed: the wizard's own words (name, description, category, tags, royalty, edition); or image_not_found"),
    },
  });

  return createRouter().openapi(mintRoute, (c) =>
    idempotentTransaction(c, async (tx) => ({ nft: await startMint(tx, deps.jobs, c.var.user.id, c.req.valid('json'), deps.config.mintDelayMs) }), 201),
  );
};
