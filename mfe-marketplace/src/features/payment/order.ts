import { marketplaceMessages } from '@starforge/contracts/marketplace';
import type { OrderRequest } from '@starforge/contracts/marketplace';

/** A line of the order summary: a cart line, or the one NFT bought from its page. */
interface OrderLine {
  nft_id: string;
  name: string;
  description: string;
  image_url: string | null;
  price_cents: number;
  /** Why this line cannot be paid as it stands (sold, withdrawn, repriced), or null. */
  notice: string | null;
}

/** What /payment sells: the cart, or one NFT ('Purchase NFT' on /nft/:id, `/payment?nft=<id>`). */
export interface Order {
  kind: 'cart' | 'nft';
  lines: OrderLine[];
  total_cents: number;
  /** Added to either checkout's body: the prices the buyer sees (one NFT's id and price, or the cart's items and theirs). */
  target: OrderRequest;
  /** Reads the order again (after a refused payment: the summary then shows why). */
  refetch: () => void;
}

/** Why the order cannot be paid as it stands ('Your cart is empty', or the line sold or repriced, named: 'Vega: This NFT has…'), or null. */
export const orderProblem = (order: Pick<Order, 'lines'>): string | null => {
  if (order.lines.length === 0) return marketplaceMessages.cartEmpty;
  const line = order.lines.find((l) => l.notice !== null);
  return line ? `${line.name}: ${line.notice}` : null;
};
