import { ApiError, badRequest, conflict } from '@starforge/service-kit/errors';
import { solanaPaymentErrorCodes as codes, solanaPaymentMessages as words } from '../../wire';

/**
 * What a Solana payment is refused with, in every domain that takes one (the words and codes of
 * the wire entry's solana-payment-constants.ts). Free of @solana/web3.js, so a domain's error
 * module can name them without loading it.
 */
export const solanaPaymentErrors = {
  /** 400: the signed transaction does not pay this request (signature, payer, recipient, amount, reference or blockhash). */
  invalid: () => badRequest(words.solanaPaymentInvalid, codes.solanaPaymentInvalid),
  /** 400: the network refused the transaction or it expired unconfirmed; nobody was charged. */
  failed: () => badRequest(words.solanaPaymentFailed, codes.solanaPaymentFailed),
  /** 400: the total's lamports pass what the request's bigint column holds (no SOL supply comes near it). */
  tooLarge: () => badRequest(words.solanaOrderTooLarge, codes.solanaOrderTooLarge),
  /** 404: no payment request of the caller's has this id (another user's is not found either). */
  notFound: () => new ApiError(404, codes.paymentRequestNotFound, words.paymentRequestNotFound),
  /** 409: the request, or the transaction, was paid already: nothing is charged twice. */
  used: () => conflict(words.paymentRequestUsed, codes.paymentRequestUsed),
  /** 410: the request's time is over; the screen asks for a new one. */
  expired: () => new ApiError(410, codes.paymentRequestExpired, words.paymentRequestExpired),
};
