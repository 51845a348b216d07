/**
 * Paying, for every domain that takes a payment (the marketplace's checkout, the Pro plan): the
 * tabs Credit Card and Solana, the card form and the Solana payment, around the domain's own
 * calls. Imported as `@starforge/payments/browser`: it is bundled into the remotes that pay (the
 * shell never loads it), and @solana/web3.js only with the Solana tab. Its files import
 * `@starforge/host`, the federation singleton, so the session, wallet and toasts are the page's one copy.
 */
export { PaymentMethods } from './payment-methods';
export { CardPaymentForm, type CardPaymentFormProps, type PaymentOutcome } from './card-payment-form';
export type { CardFields } from './card-input';
export { SolanaPay } from './solana-pay';
export type { SolanaPayProps } from './solana-pay-panel';
