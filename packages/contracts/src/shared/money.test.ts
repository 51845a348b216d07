import { describe, expect, it } from 'vitest';
import { centsToInput, formatCents, parseDollars } from './money';

describe('parseDollars', () => {
  it.each([
    ['12.34', 1234],
    ['0.01', 1],
    ['5', 500],
    ['5.', 500],
    ['.5', 50],
    [' 7.10 ', 710],
    [3.5, 350],
    ['000012.00', 1200],
    ['0.29', 29],
    ['1.10', 110],
    ['999999999999.99', 99_999_999_999_999],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseDollars(input)).toEqual({ ok: true, cents });
    expect(Number.isSafeInteger(cents)).toBe(true);
  });

  it.each(['', ' ', 'abc', '-1', '0', '0.00', '1e3', '1,000', '1.234', 'NaN', 'Infinity', '.', '12.3.4', '$1', '1000000000000'])(
    'refuses %j as not a valid amount',
    (input) => {
      expect(parseDollars(input)).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it.each(['0.001', '0.009', '.0001'])('says %j is under the minimum', (input) => {
    expect(parseDollars(input)).toEqual({ ok: false, reason: 'below_minimum' });
  });

  it('refuses zero by default, and reads it as 0 cents when zero is allowed (a $0 bounty, a 0 % royalty)', () => {
    for (const zero of ['0', '0.0', '0.00', '.0', '000', ' 0 ', 0, -0]) {
      expect(parseDollars(zero), String(zero)).toEqual({ ok: false, reason: 'invalid' });
      expect(parseDollars(zero, { allowZero: true }), String(zero)).toEqual({ ok: true, cents: 0 });
    }
  });

  it('allows zero without loosening anything else', () => {
    const allowZero = { allowZero: true };
    expect(parseDollars('12.34', allowZero)).toEqual({ ok: true, cents: 1234 });
    for (const input of ['', '-0.01', '-1', '0.000', '1.234', 'abc']) expect(parseDollars(input, allowZero), input).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDollars('0.001', allowZero)).toEqual({ ok: false, reason: 'below_minimum' });
  });
});

describe('money for people', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-250)).toBe('-$2.50');
  });

  it('writes cents as an amount field shows them, and reads them back unchanged', () => {
    expect(centsToInput(1205)).toBe('12.05');
    expect(centsToInput(0)).toBe('0.00');
    expect(centsToInput(-250)).toBe('-2.50');
    for (const cents of [1, 29, 110, 1205, 123456, 99_999_999_999_999]) expect(parseDollars(centsToInput(cents))).toEqual({ ok: true, cents });
  });
});
