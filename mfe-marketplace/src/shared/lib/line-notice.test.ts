import { describe, expect, it } from 'vitest';
import { lineNotice } from './line-notice';

describe('lineNotice', () => {
  it('says nothing while the line is still listed at its price', () => {
    expect(lineNotice({ available: true, current_price_cents: 1250 })).toBeNull();
  });

  it('says the NFT was sold or withdrawn when it has no listing now', () => {
    expect(lineNotice({ available: false, current_price_cents: null })).toBe('This NFT has already been sold or is no longer for sale');
  });

  it('names the new price when it was listed again at another', () => {
    expect(lineNotice({ available: false, current_price_cents: 725 })).toBe('The price of this NFT has changed to $7.25. Please review your cart.');
  });
});
