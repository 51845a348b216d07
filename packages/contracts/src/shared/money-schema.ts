import './zod';
import { z } from 'zod';
import { type ParseDollarsOptions, parseDollars } from './money';

/**
 * A dollar amount as typed ("12.50") or a number, read into integer cents by `parseDollars`
 * (never through floating point); anything else answers `message`. For prices, rewards and budgets.
 */
export const dollarsSchema = (message: string, options: ParseDollarsOptions = {}) =>
  z.union([z.string(), z.number()], message).transform((value, ctx) => {
    const parsed = parseDollars(value, options);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
