import { describe, expect, it } from 'vitest';
import { advanceStars, createStars, starAlpha } from './stars';

describe('stars', () => {
  it('makes the requested number of stars inside the sky', () => {
    const stars = createStars(300);
    expect(stars).toHaveLength(300);
    for (const s of stars) {
      expect(s.x).toBeGreaterThanOrEqual(0);
      expect(s.x).toBeLessThan(1);
      expect(s.y).toBeGreaterThanOrEqual(0);
      expect(s.y).toBeLessThan(1);
    }
  });

  it('drifts stars and wraps them at the edge', () => {
    const [star] = createStars(1, () => 0.999);
    if (!star) throw new Error('no star');
    const before = star.x;
    advanceStars([star], 10);
    expect(star.x).not.toBe(before);
    expect(star.x).toBeLessThan(1);
  });

  it('twinkles without ever going dark', () => {
    const [star] = createStars(1);
    if (!star) throw new Error('no star');
    for (let i = 0; i < 100; i++) {
      advanceStars([star], 0.1);
      expect(starAlpha(star)).toBeGreaterThanOrEqual(0.25);
      expect(starAlpha(star)).toBeLessThanOrEqual(1);
    }
  });
});
