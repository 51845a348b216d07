import type { CartLine } from '@starforge/contracts/marketplace';
import { marketplaceMessages, priceChangedMessage } from '@starforge/contracts/marketplace';

/**
 * What a cart line must tell the buyer before paying: nothing while it is still listed at the
 * price it was added at; that it was sold or withdrawn; or its new price (the checkout would
 * refuse either, so the screens say it first).
 */
export const lineNotice = (line: Pick<CartLine, 'available' | 'current_price_cents'>): string | null => {
  if (line.available) return null;
  if (line.current_price_cents === null) return marketplaceMessages.listingSold;
  return priceChangedMessage(line.current_price_cents);
};
