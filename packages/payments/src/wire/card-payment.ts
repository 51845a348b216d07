import '@starforge/contracts/zod';
import { z } from 'zod';
import {
  CARD_PROCESSOR_MODES,
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  CARD_PAYMENT_METHODS,
  cardBrandOf,
  type CardPaymentMethod,
  cardPaymentMessages,
  luhnValid,
} from './card-payment-constants';

const required = z.string(cardPaymentMessages.fillPaymentDetails).trim().min(1, cardPaymentMessages.fillPaymentDetails);

/** The card fields every card payment carries; `cardPaymentOf` checks them together. */
const cardFields = {
  payment_method: z.enum(CARD_PAYMENT_METHODS, cardPaymentMessages.fillPaymentDetails),
  card_number: required,
  expiry: required,
  cvv: required,
  cardholder_name: required,
};

interface CardSecrets {
  card_number: string;
  expiry: string;
  cvv: string;
}

/** MM/YY, valid through the end of that month. */
const expiryOf = (value: string): { month: number; year: number } | null => {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : null;
};

/** The number's digits (spaces allowed, 12-19, Luhn), an expiry MM/YY not in the past, a cvv of 3-4 digits. */
const checkCard = (body: CardSecrets, ctx: z.RefinementCtx) => {
  const digits = body.card_number.replace(/ /g, '');
  if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS || !luhnValid(digits)) {
    ctx.addIssue({ code: 'custom', path: ['card_number'], message: cardPaymentMessages.invalidCardNumber, input: undefined });
    return;
  }
  const expiry = expiryOf(body.expiry);
  if (!expiry) {
    ctx.addIssue({ code: 'custom', path: ['expiry'], message: cardPaymentMessages.invalidExpiry });
    return;
  }
  const now = new Date();
  if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    ctx.addIssue({ code: 'custom', path: ['expiry'], message: cardPaymentMessages.cardExpired });
    return;
  }
  if (!/^\d{3,4}$/.test(body.cvv)) ctx.addIssue({ code: 'custom', path: ['cvv'], message: cardPaymentMessages.invalidCvv, input: undefined });
};

/** What goes further than the schema: the brand and last 4 in place of the number, no cvv, no expiry. */
const keepBrandAndLast4 = ({
  card_number,
  cvv: _cvv,
  expiry: _expiry,
  ...rest
}: CardSecrets & { payment_method: CardPaymentMethod; cardholder_name: string }) => {
  const digits = card_number.replace(/ /g, '');
  return { ...rest, card_brand: cardBrandOf(digits), card_last4: digits.slice(-4) };
};

/**
 * A card: every field required ('Please fill in all payment details'), then checked
 * (`checkCard`). The output holds the method, the cardholder, the brand and last 4 only: the
 * number and cvv go no further than this schema, so no service can store, log or echo them.
 */
export const cardDetailsSchema = z.object(cardFields).superRefine(checkCard).transform(keepBrandAndLast4);
export type CardDetails = z.output<typeof cardDetailsSchema>;

/**
 * A card payment's body: `order` (what is being paid for, its own fields) and the card's fields
 * side by side in one JSON object. Every domain that takes a card builds its body with this.
 */
export const cardPaymentOf = <T extends z.ZodObject>(order: T) => z.intersection(order, cardDetailsSchema);
/** A card payment's body as sent (`z.input` of `cardPaymentOf(order)`): the order's fields, given as `T`, and the card's. */
export type CardPaymentRequestOf<T> = T & z.input<typeof cardDetailsSchema>;

/** GET /api/<domain>/card-processor (public): which card processor takes payments, and how many days its payments take to settle. */
export const cardProcessorSchema = z.object({
  mode: z.enum(CARD_PROCESSOR_MODES),
  settlement_days: z.number().int().nonnegative(),
});
export type CardProcessorInfo = z.infer<typeof cardProcessorSchema>;
