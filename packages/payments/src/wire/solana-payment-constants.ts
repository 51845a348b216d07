/**
 * Paying with a Solana wallet, in whichever domain takes it (the marketplace's checkout, the
 * bounties' Pro plan): the error codes and words of the two steps (a payment request, then the
 * signed transfer; solana-payment.ts has the schemas), without zod.
 * @starforge/payments' server (`solanaPaymentErrors`) answers with these.
 */

export const solanaPaymentErrorCodes = {
  solanaPaymentInvalid: 'solana_payment_invalid',
  paymentRequestExpired: 'payment_request_expired',
  paymentRequestUsed: 'payment_request_used',
  paymentRequestNotFound: 'payment_request_not_found',
  solanaPaymentFailed: 'solana_payment_failed',
  solanaOrderTooLarge: 'solana_order_too_large',
} as const;

/** Spec sections 5 and 8 ('Payment completed with Solana!', 'Solana payment failed. Please try again.', the wallet and sign-in checks) and the server's refusals. */
export const solanaPaymentMessages = {
  solanaPaymentCompleted: 'Payment completed with Solana!',
  solanaPaymentFailed: 'Solana payment failed. Please try again.',
  userNotAuthenticated: 'User not authenticated',
  connectWallet: 'Please connect your Solana wallet first',
  solanaPaymentInvalid: 'This Solana transaction does not pay this order',
  paymentRequestExpired: 'This payment request has expired. Please try again.',
  paymentRequestUsed: 'This payment has already been made',
  paymentRequestNotFound: 'This payment request was not found. Please try again.',
  solanaOrderTooLarge: 'This order is too large to pay with Solana',
} as const;
