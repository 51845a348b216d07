import type { CartLine } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import { cartPath } from '../../../shared/api/cart';

/**
 * PATCH /api/marketplace/cart/:nftId `{ quantity }` with an Idempotency-Key: 0 or less removes the
 * line (answers null); above 1 is refused, an NFT being unique ('Each NFT is unique: you can buy only one').
 */
const setQuantity = async (nftId: string, quantity: number, idempotencyKey: string): Promise<CartLine | null> =>
  (await authClient.authed<{ item: CartLine | null }>(`${cartPath}/${encodeURIComponent(nftId)}`, { method: 'PATCH', json: { quantity }, idempotencyKey }))
    .item;

export const useSetQuantity = () => useAction(({ idempotencyKey }, nftId: string, quantity: number) => setQuantity(nftId, quantity, idempotencyKey));
