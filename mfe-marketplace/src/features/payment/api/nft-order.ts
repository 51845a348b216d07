import { useRef } from 'react';
import type { Listing } from '@starforge/contracts/marketplace';
import type { Nft } from '@starforge/contracts/nft';
import { nftMessages } from '@starforge/contracts/nft';
import { authedRequest, useLiveResource, useServerEvent } from '@starforge/host';

export interface NftForSale {
  nft: Nft;
  /** Its active listing, or null when it is not for sale. */
  listing: Listing | null;
}

/**
 * The NFT bought from its page, read as /nft/:id reads it: GET /api/nft/nfts/:id and its
 * listing, GET /api/marketplace/nfts/:id/listing.
 */
const getNftForSale = async (nftId: string): Promise<NftForSale> => {
  const id = encodeURIComponent(nftId);
  const [{ nft }, { listing }] = await Promise.all([
    authedRequest<{ nft: Nft }>(`/api/nft/nfts/${id}`, { method: 'GET' }),
    authedRequest<{ listing: Listing | null }>(`/api/marketplace/nfts/${id}/listing`, { method: 'GET' }),
  ]);
  return { nft, listing };
};

const failure = { what: 'the NFT to pay for', announce: nftMessages.loadNftFailed };

/** The NFT and its listing, read again when any tab lists, withdraws or sells it (so a sale elsewhere shows at once). */
export const useNftForSale = (nftId: string) => {
  const { status, data, error, refetch } = useLiveResource({ key: `marketplace:payment:nft:${nftId}`, load: () => getNftForSale(nftId), events: [], failure });
  useServerEvent('marketplace.listing_changed', ({ data: changed }) => {
    if (changed.nftId === nftId) refetch();
  });
  // An answer kept from an earlier visit is shown while this visit reads again; its failure is not this one's.
  const earlier = useRef(error);
  const failed = status === 'error' && data === undefined && error !== earlier.current;
  return { forSale: data, loading: data === undefined && !failed, failed, refetch };
};
