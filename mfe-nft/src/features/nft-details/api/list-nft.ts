import type { Listing } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import { listingPath } from './listing';

/** POST /api/marketplace/nfts/:id/listing with an Idempotency-Key: the current owner lists a minted NFT at `price` dollars ("12.50"). */
const listNft = async (nftId: string, price: string, idempotencyKey: string): Promise<Listing> =>
  (await authClient.authed<{ listing: Listing }>(listingPath(nftId), { method: 'POST', json: { price }, idempotencyKey })).listing;

export const useListNft = () => useAction(({ idempotencyKey }, nftId: string, price: string) => listNft(nftId, price, idempotencyKey));
