import './zod';
import { z } from 'zod';
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  CARD_PAYMENT_METHODS,
  cardBrandOf,
  luhnValid,
  marketplaceMessages,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './marketplace-constants';

/**
 * Wire formats of the marketplace's cart and card checkout (`/api/marketplace/cart`,
 * `/api/marketplace/checkout/card`), amounts in integer cents. A card number and cvv are read
 * by `cardPaymentSchema` and never leave it: its output holds the brand and last 4 only.
 */

const timestamp = z.string();
const nftId = z.uuid(marketplaceMessages.notForSale);

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

/** PATCH /cart/:nftId: 0 or less removes the line; above 1 is refused (an NFT is unique). */
export const cartQuantitySchema = z.object({
  quantity: z.number(marketplaceMessages.updateQuantityFailed).int(marketplaceMessages.updateQuantityFailed).max(1, marketplaceMessages.quantityAboveOne),
});
export const cartQuantityAnswerSchema = z.object({ item: cartLineSchema.nullable() });
export const cartNftParamSchema = z.object({ nftId });
export const cartRemovedSchema = z.object({ removed: z.literal(true) });

const required = z.string(marketplaceMessages.fillPaymentDetails).trim().min(1, marketplaceMessages.fillPaymentDetails);

/** MM/YY, valid through the end of that month. */
const expiryOf = (value: string): { month: number; year: number } | null => {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : null;
};

/**
 * POST /checkout/card: every field required ('Please fill in all payment details'), then the
 * number's digits (spaces allowed, 12-19, Luhn), an expiry MM/YY not in the past, a cvv of 3-4
 * digits. The output is the brand and last 4: the number and cvv go no further. `nft_id` buys
 * that one NFT without the cart (at `price_cents` when given, the price the page showed).
 */
export const cardPaymentSchema = z
  .object({
    nft_id: nftId.optional(),
    price_cents: z.number().int().positive().optional(),
    payment_method: z.enum(CARD_PAYMENT_METHODS, marketplaceMessages.fillPaymentDetails),
    card_number: required,
    expiry: required,
    cvv: required,
    cardholder_name: required,
  })
  .superRefine((body, ctx) => {
    const digits = body.card_number.replace(/ /g, '');
    if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS || !luhnValid(digits)) {
      ctx.addIssue({ code: 'custom', path: ['card_number'], message: marketplaceMessages.invalidCardNumber, input: undefined });
      return;
    }
    const expiry = expiryOf(body.expiry);
    if (!expiry) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: marketplaceMessages.invalidExpiry });
      return;
    }
    const now = new Date();
    if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: marketplaceMessages.cardExpired });
      return;
    }
    if (!/^\d{3,4}$/.test(body.cvv)) ctx.addIssue({ code: 'custom', path: ['cvv'], message: marketplaceMessages.invalidCvv, input: undefined });
  })
  .transform(({ card_number, cvv: _cvv, expiry: _expiry, ...rest }) => {
    const digits = card_number.replace(/ /g, '');
    return { ...rest, card_brand: cardBrandOf(digits), card_last4: digits.slice(-4) };
  });
export type CardPaymentRequest = z.input<typeof cardPaymentSchema>;
export type CardPayment = z.output<typeof cardPaymentSchema>;

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
