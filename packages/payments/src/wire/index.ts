/**
 * The wire entry of @starforge/payments: what a payment's two sides share (the card's schema
 * and words, the card processor's answer, the Solana payment request and its refusals). It
 * imports only zod and @starforge/contracts, so a remote, the shell and a service alike may load
 * it; `./server` and `./browser` build on it.
 */
export * from './card-payment-constants';
export * from './card-payment';
export * from './solana-payment-constants';
export * from './solana-payment';
