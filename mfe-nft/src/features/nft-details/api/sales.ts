import type { NftSale, NftSalesAnswer } from '@starforge/contracts/marketplace';
import { requestJson, useLiveResource } from '@starforge/host';
import { useListingChanged } from './listing';

const salesPath = (nftId: string): string => `/api/marketplace/nfts/${encodeURIComponent(nftId)}/sales`;

/** GET /api/marketplace/nfts/:id/sales (public, so no token is sent): the NFT's completed sales, newest first. */
const getSales = async (nftId: string): Promise<NftSale[]> => (await requestJson<NftSalesAnswer>(salesPath(nftId), { method: 'GET' })).sales;

/** The NFT's sale history, read again when a sale of it completes in any tab (its listing_changed to sold). */
export const useSales = (nftId: string) => {
  const { status, data, refetch } = useLiveResource({ key: salesPath(nftId), load: () => getSales(nftId), events: [] });
  useListingChanged(nftId, (changed) => {
    if (changed === 'sold') refetch();
  });
  return { sales: data ?? [], loading: status === 'loading', failed: status === 'error' && data === undefined, refetch };
};
