import { describe, expect, it } from 'vitest';
import { BEAT_MS, createStars, starAlpha, starLook, starMotion, type Star } from './stars';

const star = (overrides: Partial<Star> = {}): Star => ({ x: 0.5, y: 0.5, radius: 1, drift: 0.005, phase: 0, twinkleSpeed: 1.6, hue: 240, ...overrides });

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

  it('twinkles without ever going dark', () => {
    for (let phase = 0; phase < Math.PI * 2; phase += 0.1) {
      expect(starAlpha(star({ phase }))).toBeGreaterThanOrEqual(0.25);
      expect(starAlpha(star({ phase }))).toBeLessThanOrEqual(1);
    }
  });

  it('times every animation in whole beats, advancing one beat a step, so all stars change on the same frames', () => {
    for (const s of createStars(300)) {
      for (const t of Object.values(starMotion(s))) {
        expect(Number.isInteger(t.durationMs / BEAT_MS)).toBe(true);
        expect(Number.isInteger(t.delayMs / BEAT_MS)).toBe(true);
        expect(t.durationMs).toBe(t.steps * BEAT_MS);
        expect(t.delayMs).toBeLessThanOrEqual(0);
      }
    }
  });

  it('drifts right at the star’s own speed, starting where the star is', () => {
    // 0.005 of the width a second: one crossing in 200 s, a quarter of it already done.
    expect(starMotion(star({ x: 0.25, drift: 0.005 })).drift).toEqual({ durationMs: 200_000, delayMs: -50_000, steps: 2000 });
    expect(starLook(star({ x: 0.25 })).transform).toBe('translateX(calc(0.2500 * (100vw + 4px)))');
    expect(starMotion(star({ x: 0 })).drift.delayMs).toBe(0);
  });

  it('twinkles at the star’s own speed, starting at its phase', () => {
    // Dimmest to brightest at 1.6 rad/s takes π / 1.6 = 1.96 s, i.e. 20 beats; at its dimmest
    // the twinkle starts from the beginning, at its brightest half a cycle (one run) in.
    expect(starMotion(star({ twinkleSpeed: 1.6, phase: -Math.PI / 2 })).twinkle).toEqual({ durationMs: 2000, delayMs: 0, steps: 20 });
    expect(starMotion(star({ twinkleSpeed: 1.6, phase: (3 * Math.PI) / 2 })).twinkle.delayMs).toBe(0);
    expect(starMotion(star({ twinkleSpeed: 1.6, phase: Math.PI / 2 })).twinkle.delayMs).toBe(-2000);
    // Still (reduced motion), the brightness follows the phase too.
    expect(starLook(star({ phase: Math.PI / 2 })).opacity).toBe('1.00');
    expect(starLook(star({ phase: -Math.PI / 2 })).opacity).toBe('0.25');
  });

  it('keeps sizes and hues as the stars have them', () => {
    expect(starLook(star({ radius: 1.5, hue: 263.7, y: 0.125 }))).toMatchObject({
      width: '3.00px',
      height: '3.00px',
      'margin-top': '-1.50px',
      top: '12.50%',
      background: 'hsl(264 80% 88%)',
    });
  });
});
