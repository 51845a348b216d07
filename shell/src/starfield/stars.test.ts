import { describe, expect, it } from 'vitest';
import { BEAT_MS, createStars, starAlpha, starStyle, type Star } from './stars';

const ms = (value: string | undefined): number => {
  const match = /^(-?\d+)ms$/.exec(value ?? '');
  if (!match) throw new Error(`not a duration in ms: ${value}`);
  return Number(match[1]);
};

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
      const style = starStyle(s);
      for (const [duration, steps, delay] of [
        ['--sf-drift', '--sf-drift-steps', '--sf-drift-delay'],
        ['--sf-twinkle', '--sf-twinkle-steps', '--sf-twinkle-delay'],
      ] as const) {
        expect(Number.isInteger(ms(style[duration]) / BEAT_MS)).toBe(true);
        expect(Number.isInteger(ms(style[delay]) / BEAT_MS)).toBe(true);
        expect(ms(style[delay])).toBeLessThanOrEqual(0);
        expect(ms(style[duration])).toBe(Number(style[steps]) * BEAT_MS);
      }
    }
  });

  it('drifts right at the star’s own speed, starting where the star is', () => {
    const style = starStyle(star({ x: 0.25, drift: 0.005 }));
    // 0.005 of the width a second: one crossing in 200 s, a quarter of it already done.
    expect(style['--sf-drift']).toBe('200000ms');
    expect(style['--sf-drift-delay']).toBe('-50000ms');
    expect(style['--sf-x']).toBe('0.2500');
  });

  it('twinkles at the star’s own speed, starting at its phase', () => {
    // Dimmest to brightest at 1.6 rad/s takes π / 1.6 = 1.96 s, i.e. 20 beats.
    expect(starStyle(star({ twinkleSpeed: 1.6, phase: -Math.PI / 2 }))['--sf-twinkle']).toBe('2000ms');
    // At its dimmest the twinkle starts from the beginning; at its brightest half a cycle in.
    expect(ms(starStyle(star({ twinkleSpeed: 1.6, phase: (3 * Math.PI) / 2 }))['--sf-twinkle-delay'])).toBe(0);
    expect(ms(starStyle(star({ twinkleSpeed: 1.6, phase: Math.PI / 2 }))['--sf-twinkle-delay'])).toBe(-2000);
    // Still brightness (reduced motion) follows the phase too.
    expect(starStyle(star({ phase: Math.PI / 2 }))['--sf-alpha']).toBe('1.00');
    expect(starStyle(star({ phase: -Math.PI / 2 }))['--sf-alpha']).toBe('0.25');
  });

  it('keeps sizes and hues as the stars have them', () => {
    const style = starStyle(star({ radius: 1.5, hue: 263.7, y: 0.125 }));
    expect(style['--sf-size']).toBe('3.00px');
    expect(style['--sf-hue']).toBe('264');
    expect(style['--sf-y']).toBe('12.50%');
  });
});
