import type { CartLine } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import { cartPath } from './cart';

/**
 * POST /api/marketplace/cart `{ nft_id }` with an Idempotency-Key: the NFT at its listed price
 * (already in the cart: the same line, at the new price if the listing changed since).
 */
const addToCart = async (nftId: string, idempotencyKey: string): Promise<CartLine> =>
  (await authClient.authed<{ item: CartLine }>(cartPath, { method: 'POST', json: { nft_id: nftId }, idempotencyKey })).item;

export const useAddToCart = () => useAction(({ idempotencyKey }, nftId: string) => addToCart(nftId, idempotencyKey));
