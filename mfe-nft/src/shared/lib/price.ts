import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { centsToInput, parseDollars } from '@starforge/contracts/shared';

export type PriceInput = { ok: true; cents: number; price: string } | { ok: false; message: string };

/**
 * A price as typed in dollars ("12.5"): more than 0, whole cents, else 'Please enter a valid
 * price' (spec section 5). `price` is what the request sends ("12.50"); the server reads it again.
 */
export const priceInput = (text: string): PriceInput => {
  const parsed = parseDollars(text);
  return parsed.ok ? { ok: true, cents: parsed.cents, price: centsToInput(parsed.cents) } : { ok: false, message: marketplaceMessages.invalidPrice };
};
