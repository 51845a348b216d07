import { type CardPaymentRequest, cardPaymentSchema } from '@starforge/contracts/marketplace-cart';
import type { CardPaymentMethod } from '@starforge/contracts/card-payment-constants';
import { marketplaceMessages } from '@starforge/contracts/marketplace-constants';
import { type Order, orderProblem } from './order';

export type CardMethod = CardPaymentMethod;

/** The card form as typed. */
export interface CardFields {
  payment_method: CardMethod;
  card_number: string;
  expiry: string;
  cvv: string;
  cardholder_name: string;
}
export type CardField = Exclude<keyof CardFields, 'payment_method'>;

export type CardInput = { ok: true; body: CardPaymentRequest } | { ok: false; message: string; field: CardField | null };

const cardFields: readonly CardField[] = ['card_number', 'expiry', 'cvv', 'cardholder_name'];
const fieldOf = (path: readonly PropertyKey[] | undefined): CardField | null => cardFields.find((field) => field === path?.[0]) ?? null;

/**
 * The card payment, checked in the browser with the server's own schema (cardPaymentSchema)
 * before anything is sent: an order that can be paid ('Your cart is empty'), every field
 * ('Please fill in all payment details'), then the number (Luhn), the expiry (MM/YY, not past)
 * and the cvv. The body is what the form says, plus the NFT and its shown price for one NFT;
 * `field` names the one field a message is about (none for a missing field: they all say it).
 */
export const cardInput = (fields: CardFields, order: Pick<Order, 'lines' | 'target'>): CardInput => {
  const problem = orderProblem(order);
  if (problem) return { ok: false, message: problem, field: null };
  const body: CardPaymentRequest = { ...order.target, ...fields };
  const parsed = cardPaymentSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const [issue] = parsed.error.issues;
  const message = issue?.message ?? marketplaceMessages.fillPaymentDetails;
  return { ok: false, message, field: message === marketplaceMessages.fillPaymentDetails ? null : fieldOf(issue?.path) };
};
