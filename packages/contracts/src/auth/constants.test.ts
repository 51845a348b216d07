import { describe, expect, it } from 'vitest';
import { hasSessionHint } from './constants';

describe('hasSessionHint', () => {
  it('finds the hint among the page’s cookies, by its exact name', () => {
    expect(hasSessionHint('sf_session=1')).toBe(true);
    expect(hasSessionHint('theme=dark; sf_session=1; lang=en')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('theme=dark')).toBe(false);
    expect(hasSessionHint('sf_session_old=1; xsf_session=1')).toBe(false);
  });
});
