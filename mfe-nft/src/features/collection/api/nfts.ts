import type { Nft } from '@starforge/contracts/nft';
import { nftMessages } from '@starforge/contracts/nft';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/nft/nfts: the user's NFTs, owned or created, newest first. A failure is logged and announced ('Failed to load NFTs'). */
const getNfts = async (): Promise<Nft[]> => (await authedRequest<{ nfts: Nft[] }>('/api/nft/nfts', { method: 'GET' })).nfts;

const spec = {
  key: '/api/nft/nfts',
  load: getNfts,
  events: ['nft.mint_started', 'nft.mint_completed'],
  failure: { what: 'NFTs', announce: nftMessages.loadNftsFailed },
} as const;

/** The collection, read again when a mint starts or completes (here or in another tab): a pending card turns green live. */
export const useNfts = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { nfts: data ?? [], loading: status === 'loading', failed: status === 'error' && data === undefined, refetch };
};
