import '../shared/zod';
import { z } from 'zod';
import { marketplaceMessages } from './constants';

/**
 * What a marketplace checkout pays for, on every checkout route (card, Solana request): the price
 * the buyer saw is required, so a re-price between the page and the press is refused (409
 * `price_changed`), never charged. Either one NFT, `{ nft_id, price_cents }` ('Purchase NFT' on
 * /nft/:id, the price that page showed), or the cart, `{ items: [{ nft_id, price_cents }] }`
 * (each line at the price /payment showed).
 */

const nftId = z.uuid();
const seenPrice = (message: string) => z.number(message).int(message).positive(message);

export const orderItemSchema = z.object({ nft_id: nftId, price_cents: seenPrice(marketplaceMessages.priceSeenRequired) });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderFields = {
  nft_id: nftId.optional(),
  price_cents: seenPrice(marketplaceMessages.priceSeenRequired).optional(),
  // An empty list is the checkout's own refusal, 400 `cart_empty` 'Your cart is empty'.
  items: z.array(orderItemSchema, marketplaceMessages.itemsRequired).optional(),
};

interface OrderInput {
  nft_id?: string | undefined;
  price_cents?: number | undefined;
  items?: OrderItem[] | undefined;
}

/** One NFT with its price, or the cart's items (each NFT once); never both, never neither. */
export const checkOrderFields = (order: OrderInput, ctx: z.RefinementCtx) => {
  if (order.nft_id !== undefined) {
    if (order.price_cents === undefined) ctx.addIssue({ code: 'custom', path: ['price_cents'], message: marketplaceMessages.priceSeenRequired });
    if (order.items !== undefined) ctx.addIssue({ code: 'custom', path: ['items'], message: marketplaceMessages.oneOrderAtATime });
    return;
  }
  if (order.items === undefined) {
    ctx.addIssue({ code: 'custom', path: ['items'], message: marketplaceMessages.itemsRequired });
    return;
  }
  if (order.price_cents !== undefined) ctx.addIssue({ code: 'custom', path: ['nft_id'], message: marketplaceMessages.oneOrderAtATime });
  if (new Set(order.items.map((item) => item.nft_id)).size !== order.items.length)
    ctx.addIssue({ code: 'custom', path: ['items'], message: marketplaceMessages.itemTwice });
};

/** The NFTs an order names, each at the price the buyer saw. */
export const orderItemsOf = (order: OrderInput): OrderItem[] =>
  order.nft_id !== undefined && order.price_cents !== undefined ? [{ nft_id: order.nft_id, price_cents: order.price_cents }] : (order.items ?? []);

/** POST /checkout/solana/requests: the order alone. */
export const orderSchema = z.object(orderFields).superRefine(checkOrderFields);
export type OrderRequest = z.input<typeof orderSchema>;
