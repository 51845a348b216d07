import { type CardPaymentMethod, cardPaymentMessages, cardDetailsSchema } from '../wire';

/** The card form as typed: what every card payment sends beside its own order fields. */
export interface CardFields {
  payment_method: CardPaymentMethod;
  card_number: string;
  expiry: string;
  cvv: string;
  cardholder_name: string;
}
export type CardField = Exclude<keyof CardFields, 'payment_method'>;

export type CardInput = { ok: true; card: CardFields } | { ok: false; message: string; field: CardField | null };

export const emptyCard: CardFields = { payment_method: 'credit_card', card_number: '', expiry: '', cvv: '', cardholder_name: '' };

const cardFields: readonly CardField[] = ['card_number', 'expiry', 'cvv', 'cardholder_name'];
const fieldOf = (path: readonly PropertyKey[] | undefined): CardField | null => cardFields.find((field) => field === path?.[0]) ?? null;

/**
 * The card, checked in the browser with the servers' own schema (cardDetailsSchema) before
 * anything is sent: first whatever the order says cannot be paid (`problem`, the caller's), then
 * every field ('Please fill in all payment details'), the number (Luhn), the expiry (MM/YY, not
 * past) and the cvv. The card is sent as typed; `field` names the one field a message is about
 * (none for a missing field: they all say it).
 */
export const cardInput = (fields: CardFields, problem: string | null = null): CardInput => {
  if (problem) return { ok: false, message: problem, field: null };
  const parsed = cardDetailsSchema.safeParse(fields);
  if (parsed.success) return { ok: true, card: fields };
  const [issue] = parsed.error.issues;
  const message = issue?.message ?? cardPaymentMessages.fillPaymentDetails;
  return { ok: false, message, field: message === cardPaymentMessages.fillPaymentDetails ? null : fieldOf(issue?.path) };
};
