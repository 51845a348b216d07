import { describe, expect, it } from 'vitest';
import { priceInput } from './price';

describe('priceInput', () => {
  it('reads dollars into cents and the text the request sends', () => {
    expect(priceInput('12.5')).toEqual({ ok: true, cents: 1250, price: '12.50' });
    expect(priceInput(' 0.01 ')).toEqual({ ok: true, cents: 1, price: '0.01' });
    expect(priceInput('3')).toEqual({ ok: true, cents: 300, price: '3.00' });
  });

  it('refuses nothing, zero, negatives, words and fractions of a cent', () => {
    for (const text of ['', '0', '0.00', '-1', 'abc', '1.234', '0.001']) {
      expect(priceInput(text)).toEqual({ ok: false, message: 'Please enter a valid price' });
    }
  });
});
