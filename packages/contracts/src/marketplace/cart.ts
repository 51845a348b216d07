import '../shared/zod';
import { z } from 'zod';
import { orderSchema, type OrderRequest } from './order';
import { marketplaceMessages, PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES } from './constants';

/**
 * Wire formats of the marketplace's cart and checkout answers (`/api/marketplace/cart`,
 * `/api/marketplace/checkout/…`), amounts in integer cents. The card checkout's body is the order
 * (`orderSchema`) beside the card (@starforge/payments/wire's `cardPaymentOf`, composed at the
 * service's route): a card number and cvv never leave that schema, its output holds the brand and last 4 only.
 */

const timestamp = z.string();
// A malformed or missing id is named as such ("nft_id must be an id (a UUID)"); 'This NFT is not for sale' is said of a real NFT.
const nftId = z.uuid();

/** A line of the caller's cart: the NFT (via nft.nfts) at the price seen when it was added. */
export const cartLineSchema = z.object({
  nft_id: z.uuid(),
  listing_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  /** The unit price when it was added (kept). */
  price_cents: z.number().int().positive(),
  quantity: z.literal(1),
  added_at: timestamp,
  /** Whether the NFT is still listed at that price. */
  available: z.boolean(),
  /** The active listing's price now, or null when it is not for sale any more. */
  current_price_cents: z.number().int().positive().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** GET /cart. */
export const cartSchema = z.object({ items: z.array(cartLineSchema), total_cents: z.number().int().nonnegative() });
export type Cart = z.infer<typeof cartSchema>;

/** POST /cart. */
export const addToCartSchema = z.object({ nft_id: nftId });
export type AddToCartRequest = z.input<typeof addToCartSchema>;
export const cartLineAnswerSchema = z.object({ item: cartLineSchema });
export type CartLineAnswer = z.infer<typeof cartLineAnswerSchema>;

/** PATCH /cart/:nftId: 0 or less removes the line; above 1 is refused (an NFT is unique). */
export const cartQuantitySchema = z.object({
  quantity: z.number().int().max(1, marketplaceMessages.quantityAboveOne),
});
export const cartQuantityAnswerSchema = z.object({ item: cartLineSchema.nullable() });
export type CartQuantityAnswer = z.infer<typeof cartQuantityAnswerSchema>;
export const cartNftParamSchema = z.object({ nftId });
export const cartRemovedSchema = z.object({ removed: z.literal(true) });
export type CartRemovedAnswer = z.infer<typeof cartRemovedSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  total_cents: z.number().int().positive(),
  currency: z.enum(PAYMENT_CURRENCIES),
  payment_method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  transaction_id: z.string(),
  /** A Solana payment: its transaction's signature, the paying wallet and the lamports paid. */
  solana_transaction_id: z.string().nullable(),
  solana_wallet_address: z.string().nullable(),
  amount_lamports: z.string().nullable(),
  completed_at: timestamp.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentItemSchema = z.object({
  nft_id: z.uuid(),
  sale_id: z.uuid(),
  price_cents: z.number().int().positive(),
  quantity: z.literal(1),
});

/** The checkout's answer: the payment (brand and last 4 only) and what it bought. */
export const checkoutAnswerSchema = z.object({ payment: paymentSchema, items: z.array(paymentItemSchema) });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** The order a Solana payment request is for (POST /checkout/solana/requests): one NFT at the price shown, or the cart's items at theirs. */
export const solanaPaymentRequestBodySchema = orderSchema;
export type SolanaPaymentRequestBody = OrderRequest;
