import type { Listing } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import { listingPath } from './listing';

/** DELETE /api/marketplace/nfts/:id/listing with an Idempotency-Key: the owner withdraws the active listing (409 when there is none). */
const unlistNft = async (nftId: string, idempotencyKey: string): Promise<Listing> =>
  (await authClient.authed<{ listing: Listing }>(listingPath(nftId), { method: 'DELETE', idempotencyKey })).listing;

export const useUnlistNft = () => useAction(({ idempotencyKey }, nftId: string) => unlistNft(nftId, idempotencyKey));
