import { orderSchema } from '@starforge/contracts/marketplace';
import { cardPaymentOf } from '@starforge/payments/wire';
import type { z } from 'zod';

/**
 * POST /checkout/card: the card (`cardPaymentOf`: every field required, then the number's Luhn
 * check, a future expiry and a 3-4 digit cvv; brand and last 4 kept) beside the order
 * (`orderSchema`): one NFT at the price its page showed, or the cart's items at theirs.
 */
export const cardPaymentSchema = cardPaymentOf(orderSchema);
export type CardPayment = z.output<typeof cardPaymentSchema>;
