import { describe, expect, it } from 'vitest';
import { showingText } from './pages';

describe('showingText', () => {
  it('says which listings are on screen out of the total', () => {
    expect(showingText(1, 24, 24, 57)).toBe('Showing 1–24 of 57 NFTs');
    expect(showingText(3, 24, 9, 57)).toBe('Showing 49–57 of 57 NFTs');
    expect(showingText(1, 24, 1, 1)).toBe('Showing 1–1 of 1 NFT');
    expect(showingText(1, 24, 0, 0)).toBe('');
  });
});
