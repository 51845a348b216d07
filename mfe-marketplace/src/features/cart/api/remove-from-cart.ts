import { authClient, useAction } from '@starforge/host';
import { cartPath } from '../../../shared/api/cart';

/** DELETE /api/marketplace/cart/:nftId with an Idempotency-Key: the line leaves the cart (404 not_in_cart when it is not there). */
const removeFromCart = (nftId: string, idempotencyKey: string): Promise<{ removed: true }> =>
  authClient.authed<{ removed: true }>(`${cartPath}/${encodeURIComponent(nftId)}`, { method: 'DELETE', idempotencyKey });

export const useRemoveFromCart = () => useAction(({ idempotencyKey }, nftId: string) => removeFromCart(nftId, idempotencyKey));
