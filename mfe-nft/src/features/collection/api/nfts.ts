import type { Nft } from '@starforge/contracts/nft';
import { nftMessages } from '@starforge/contracts/nft-constants';
import { authedRequest, toast, useLiveResource } from '@starforge/host';

/** GET /api/nft/nfts: the user's NFTs, owned or created, newest first. A failure is logged and announced ('Failed to load NFTs'). */
const getNfts = async (): Promise<Nft[]> => {
  try {
    return (await authedRequest<{ nfts: Nft[] }>('/api/nft/nfts', { method: 'GET' })).nfts;
  } catch (error) {
    console.error('NFTs could not be read', error);
    toast.error(nftMessages.loadNftsFailed);
    throw error;
  }
};

const spec = { key: '/api/nft/nfts', load: getNfts, events: ['nft.mint_started', 'nft.mint_completed'] } as const;

/** The collection, read again when a mint starts or completes (here or in another tab): a pending card turns green live. */
export const useNfts = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { nfts: data ?? [], loading: status === 'loading', failed: status === 'error' && data === undefined, refetch };
};
