import './zod';
import { z } from 'zod';

/** The most digits a query number is read from: beyond any limit here, short of 2^53's 16. */
const DIGITS = /^\d{1,15}$/;

/**
 * A whole number in a query string (`?page=2`), read as people write one: decimal digits only,
 * so `0x10`, `1e3`, ` 7` or `+7` are refused, not read as 16, 1000 or 7 as `Number()` would.
 * Absent or empty (`page=`, what a form sends for an empty field) is `fallback`. Every refusal
 * says the field and its range: "page must be a whole number from 1 to 100000".
 */
export const queryWholeNumber = (field: string, { min, max, fallback }: { min: number; max: number; fallback: number }) => {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );
};

/** The most pages a list is read to: far past any real list, short of a scan that costs. */
export const MAX_PAGE = 100_000;

/** `?page=`: from 1 (the first) to MAX_PAGE; absent or empty is 1. */
export const pageNumber = () => queryWholeNumber('page', { min: 1, max: MAX_PAGE, fallback: 1 });
