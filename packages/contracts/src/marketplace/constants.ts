/**
 * The marketplace domain's constants and user-facing words (spec sections 4, 5 and 8), without
 * zod, so screens import them without pulling zod in. Schemas are in marketplace.ts.
 */

import { formatCents } from '../shared/money';

export const LISTING_STATUSES = ['listed', 'cancelled', 'sold'] as const;

/** The marketplace grid's page (GET /listings) and the longest search it takes. */
export const MARKETPLACE_PAGE_SIZE = 24;
export const MARKETPLACE_SEARCH_MAX_LENGTH = 100;

export const marketplaceErrorCodes = {
  alreadyListed: 'already_listed',
  notListed: 'not_listed',
  quantityAboveOne: 'quantity_above_one',
  ownNft: 'own_nft',
  listingSold: 'listing_sold',
  priceChanged: 'price_changed',
  cartEmpty: 'cart_empty',
  notInCart: 'not_in_cart',
  // Paying with a Solana wallet: the order's own refusal (the shared ones are @starforge/payments/wire's solanaPaymentErrorCodes).
  orderChanged: 'order_changed',
} as const;

export const marketplaceMessages = {
  invalidPrice: 'Please enter a valid price',
  listed: 'NFT listed for sale successfully!',
  removed: 'NFT removed from sale',
  listFailed: 'Failed to list NFT for sale',
  removeFailed: 'Failed to remove NFT from sale',
  alreadyListed: 'This NFT is already listed for sale',
  notForSale: 'This NFT is not for sale',
  notAvailable: 'This NFT is not available for purchase',
  listForSale: 'List for Sale',
  confirmListing: 'Confirm Listing',
  removeFromSale: 'Remove from Sale',
  purchase: 'Purchase NFT',
  forSale: 'For Sale',
  purchaseFailed: 'Failed to purchase NFT',
  // The cart and the payment (spec sections 5 and 8).
  addedToCart: 'Added to cart!',
  loginToAddToCart: 'Please log in to add items to cart',
  addToCartFailed: 'Failed to add to cart',
  itemRemoved: 'Item removed from cart',
  removeItemFailed: 'Failed to remove item',
  updateQuantityFailed: 'Failed to update quantity',
  loadCartFailed: 'Failed to load cart items',
  emptyCartTitle: 'Your Cart is Empty',
  cartEmpty: 'Your cart is empty',
  paymentProcessed: 'Payment processed successfully!',
  paymentFailed: 'Payment failed. Please try again.',
  nftPurchased: 'NFT purchased successfully!',
  quantityAboveOne: 'Each NFT is unique: you can buy only one',
  ownNft: 'You cannot buy your own NFT',
  listingSold: 'This NFT has already been sold or is no longer for sale',
  notInCart: 'This NFT is not in your cart',
  // Paying with a Solana wallet (spec sections 5 and 8): the order's own words (the shared ones are @starforge/payments/wire's solanaPaymentMessages).
  orderChanged: 'Your order has changed since the payment was prepared. Please review it and pay again.',
  // Every checkout names what the buyer saw (price_cents, or items with theirs).
  priceSeenRequired: 'price_cents is required: the price you were shown, in cents',
  itemsRequired: 'items is required: each NFT of your cart with the price you were shown, in cents',
  oneOrderAtATime: 'Pay for one NFT (nft_id and price_cents) or for your cart (items), not both',
  itemTwice: 'items: each NFT may be named once',
  // The NFT's sale history on /nft/:id.
  saleHistory: 'Sale History',
  noSales: 'No sales yet',
} as const;

/** 409 when the listing's price is no longer the one in the cart: names the new price. */
export const priceChangedMessage = (newPriceCents: number): string =>
  `The price of this NFT has changed to ${formatCents(newPriceCents)}. Please review your cart.`;

/** 409 for a cart line sold or withdrawn since it was added: names it, and says nothing was bought. */
export const lineSoldMessage = (name: string): string =>
  `"${name}" has already been sold or is no longer for sale. Nothing was bought: remove it from your cart to pay for the rest.`;

/** An NFT is unique: a cart line's quantity is always 1. */
export const CART_QUANTITY = 1;
export const PAYMENT_METHODS = ['credit_card', 'debit_card', 'solana'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_CURRENCIES = ['USD', 'SOL'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;

/** Creator tags as typed: comma separated, each trimmed, empties dropped (spec section 5). */
export const splitCreatorTags = (value: string): string[] =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
