import { useRef } from 'react';
import type { Nft } from '@starforge/contracts/nft';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/nft/nfts/:id: any signed-in user may view any NFT; 404 when there is none, 400 for an id that is no id. */
const getNft = async (id: string): Promise<Nft> => (await authedRequest<{ nft: Nft }>(`/api/nft/nfts/${encodeURIComponent(id)}`, { method: 'GET' })).nft;

/**
 * One NFT, read again when a mint of the user's completes (a pending NFT turns completed live).
 * `failed` is a failure of a read made since this view mounted with nothing to show: an answer
 * kept from an earlier visit to the same id does not count, so a revisit reads again first.
 */
export const useNft = (id: string) => {
  const { status, data, error, refetch } = useLiveResource({ key: `/api/nft/nfts/${id}`, load: () => getNft(id), events: ['nft.mint_completed'] });
  const earlier = useRef(error);
  return { nft: data, failed: status === 'error' && data === undefined && error !== earlier.current, refetch };
};
