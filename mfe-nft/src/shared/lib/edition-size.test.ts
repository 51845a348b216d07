import { describe, expect, it } from 'vitest';
import { editionSizeInput } from './edition-size';

describe('editionSizeInput', () => {
  it('is null when the NFT is not a limited edition, whatever the field holds', () => {
    expect(editionSizeInput(false, '25')).toEqual({ ok: true, size: null });
    expect(editionSizeInput(false, 'abc')).toEqual({ ok: true, size: null });
  });

  it('is a whole number of at least 1 for a limited edition', () => {
    expect(editionSizeInput(true, '1')).toEqual({ ok: true, size: 1 });
    expect(editionSizeInput(true, ' 250 ')).toEqual({ ok: true, size: 250 });
  });

  it('refuses nothing, zero, fractions and words with the spec words', () => {
    for (const text of ['', '0', '-3', '2.5', 'ten', '99999999']) {
      expect(editionSizeInput(true, text)).toEqual({ ok: false, message: 'Edition size must be at least 1' });
    }
  });
});
