import { useRef } from 'react';
import type { Cart } from '@starforge/contracts/marketplace';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { authedRequest, useLiveResource, useServerEvent } from '@starforge/host';

/** The caller's cart: read (GET), add (POST); a line is `${cartPath}/:nftId` (PATCH, DELETE). */
export const cartPath = '/api/marketplace/cart';

/** GET /api/marketplace/cart: the lines at the price each was added at, whether each is still listed at it, and the total. */
const getCart = (): Promise<Cart> => authedRequest<Cart>(cartPath, { method: 'GET' });

const failure = { what: 'the cart', announce: marketplaceMessages.loadCartFailed };

/**
 * The cart, shared by /cart and /payment. Read again when a listing of one of its NFTs changes in
 * any tab (sold, withdrawn, listed again at another price), so a line says so at once.
 */
export const useCart = () => {
  const { status, data, error, refetch } = useLiveResource({ key: cartPath, load: getCart, events: [], failure });
  useServerEvent('marketplace.listing_changed', ({ data: changed }) => {
    if (data?.items.some((line) => line.nft_id === changed.nftId)) refetch();
  });
  // A failure kept from an earlier visit is not this visit's: it reads again first.
  const earlier = useRef(error);
  const failed = status === 'error' && data === undefined && error !== earlier.current;
  return { cart: data, loading: data === undefined && !failed, failed, refetch };
};
