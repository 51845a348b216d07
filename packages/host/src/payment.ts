/**
 * Paying, for every domain that takes a payment (the marketplace's checkout, the Pro plan): the
 * tabs Credit Card and Solana, the card form and the Solana payment, around the domain's own
 * calls. Imported as `@starforge/host/payment`, apart from the package's entry: it is bundled
 * into the remotes that pay (the shell never loads it), and @solana/web3.js only with the Solana tab.
 */
export { PaymentMethods } from './payment/payment-methods';
export { CardPaymentForm, type CardPaymentFormProps, type PaymentOutcome } from './payment/card-payment-form';
export type { CardFields } from './payment/card-input';
export { SolanaPay } from './payment/solana-pay';
export type { SolanaPayProps } from './payment/solana-pay-panel';
