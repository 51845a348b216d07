/**
 * Paying by card, for every domain that takes a payment (the marketplace's checkout, the Pro
 * plan): the methods and the words, without zod. The schema is in card-payment.ts.
 */

export const CARD_PAYMENT_METHODS = ['credit_card', 'debit_card'] as const;
export type CardPaymentMethod = (typeof CARD_PAYMENT_METHODS)[number];
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

export const cardPaymentMessages = {
  fillPaymentDetails: 'Please fill in all payment details',
  invalidCardNumber: 'Please enter a valid card number',
  invalidExpiry: 'Please enter the expiry date as MM/YY',
  cardExpired: 'This card has expired',
  invalidCvv: 'Please enter a valid CVV (3 or 4 digits)',
} as const;

/** The Luhn check digit test on a string of digits. */
export const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
};

/** The card's brand from its leading digits (what is kept, with the last 4). */
export const cardBrandOf = (digits: string): string => {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
};

/**
 * Who takes card payments: the card processor behind @starforge/payments' `CardProcessor` boundary
 * (`packages/payments/src/server/card-processor.ts`), chosen by `CARD_PROCESSOR` in a
 * service's config/env.ts. Only `simulated` exists here (no card network on this machine); a real
 * processor adds its own mode.
 */
export const CARD_PROCESSOR_MODES = ['simulated'] as const;
export type CardProcessorMode = (typeof CARD_PROCESSOR_MODES)[number];

/**
 * Days between a card payment and its settlement, the simulated processor's default
 * (`CARD_SETTLEMENT_DAYS`): the proceeds are pending until then and cannot be withdrawn or spent.
 * Why 7: card networks move the money to the platform within a few business days, and most
 * unauthorised-use reports by cardholders arrive within the first days; a week covers both
 * before the money can leave (services/marketplace/README.md, "Card proceeds settle").
 */
export const CARD_SETTLEMENT_DAYS = 7;

/** What the payment screens say in simulated mode, above the card fields. */
export const cardProcessorNotices: Record<CardProcessorMode, string> = {
  simulated: 'Card payments are simulated: no card is charged.',
};
