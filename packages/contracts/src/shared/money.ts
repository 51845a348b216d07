/**
 * Money for people and forms, shared by every domain (rewards' cash, nft prices, royalties,
 * bounty rewards). Money travels and is stored as integer cents; text is turned into cents by
 * reading its digits, so no floating point ever touches an amount.
 */

/** Cents as dollars for people: 1234 -> "$12.34", 0 -> "$0.00", -250 -> "-$2.50". */
export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};

/** Cents as an amount field shows them: 1234 -> "12.34". */
export const centsToInput = (cents: number): string => {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export type DollarAmount = { ok: true; cents: number } | { ok: false; reason: 'invalid' | 'below_minimum' };

export interface ParseDollarsOptions {
  /**
   * Read zero ("0", "0.00", ".0") as 0 cents, for amounts that may be nothing (a $0 bounty, a
   * 0 % royalty). Off by default: a withdrawal or a price must be positive.
   */
  allowZero?: boolean;
}

const allZeros = /^0*$/;

/**
 * A dollar amount as typed ("12.5", "0.01", or a number) in integer cents. Not a number, negative,
 * or more than two decimals: invalid; zero: invalid unless `allowZero`; positive but under a
 * cent ("0.001"): below the minimum. At most 12 whole digits, so the cents stay a safe integer.
 */
export const parseDollars = (input: string | number, options: ParseDollarsOptions = {}): DollarAmount => {
  const textValue = (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input).trim();
  const match = /^(\d{1,12})?(?:\.(\d*))?$/.exec(textValue);
  if (!textValue || !match || (match[1] === undefined && !match[2])) return { ok: false, reason: 'invalid' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (allZeros.test(whole) && allZeros.test(fraction)) {
    return options.allowZero && fraction.length <= 2 ? { ok: true, cents: 0 } : { ok: false, reason: 'invalid' };
  }
  if (fraction.length > 2) {
    // 0.001: positive but under a cent; 1.234: a number no wallet can hold.
    return allZeros.test(whole) && /^0{2}/.test(fraction) ? { ok: false, reason: 'below_minimum' } : { ok: false, reason: 'invalid' };
  }
  return { ok: true, cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
};
