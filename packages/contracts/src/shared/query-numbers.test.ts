import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE, pageNumber, queryWholeNumber } from './query-numbers';

const page = z.object({ page: pageNumber() });
const read = (value: unknown) => {
  const parsed = page.safeParse(value === undefined ? {} : { page: value });
  return parsed.success ? parsed.data.page : parsed.error.issues[0]?.message;
};
const refusal = `page must be a whole number from 1 to ${MAX_PAGE}`;

describe('a whole number in a query string', () => {
  it('reads decimal digits, absent or empty as the first page', () => {
    expect([read('1'), read('2'), read('0042'), read(String(MAX_PAGE))]).toEqual([1, 2, 42, MAX_PAGE]);
    expect([read(undefined), read('')]).toEqual([1, 1]);
  });

  it('refuses what Number() would read otherwise, naming the field and its range', () => {
    // issue 26, item 11: page=0x10 was read as 16, page=1e308 said the maximum was 2^53.
    for (const text of ['0x10', '1e3', '1e308', '0b1', '0o7', ' 7', '7 ', '+7', '-1', '1.0', '1.5', 'Infinity', 'NaN', 'abc', '٣']) {
      expect(read(text), text).toBe(refusal);
    }
  });

  it('refuses out of range and past 2^53 with the same words', () => {
    for (const text of ['0', String(MAX_PAGE + 1), '9007199254740993', '9'.repeat(400)]) expect(read(text), text).toBe(refusal);
  });

  it('refuses a repeated parameter (an array) rather than picking one', () => {
    expect(read(['1', '2'])).toBe(refusal);
  });

  it('takes any field, range and fallback', () => {
    const size = z.object({ size: queryWholeNumber('size', { min: 0, max: 9, fallback: 5 }) });
    expect(size.parse({})).toEqual({ size: 5 });
    expect(size.parse({ size: '0' })).toEqual({ size: 0 });
    expect(size.safeParse({ size: '10' }).error?.issues[0]?.message).toBe('size must be a whole number from 0 to 9');
  });
});
