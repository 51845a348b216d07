import { describe, expect, it } from 'vitest';
import { advanceStars, createStars, drawStars, grownSky, PHONE_SKY_FPS, SKY_FPS, skyFps, starAlpha } from './stars';

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

describe('drawStars', () => {
  it('draws every star where it is, at its size, hue and brightness, on a cleared sky', () => {
    const calls: string[] = [];
    const ctx = {
      globalAlpha: 1,
      fillStyle: '' as string | CanvasGradient | CanvasPattern,
      clearRect: (x: number, y: number, w: number, h: number) => calls.push(`clear ${x} ${y} ${w} ${h}`),
      beginPath: () => {},
      arc: (x: number, y: number, r: number) => calls.push(`arc ${x} ${y} ${r}`),
      fill() {
        calls.push(`fill ${this.fillStyle} ${this.globalAlpha}`);
      },
    };
    const star = { x: 0.25, y: 0.5, radius: 1.5, drift: 0.005, phase: Math.PI / 2, twinkleSpeed: 1, hue: 240 };
    drawStars(ctx, [star, { ...star, x: 0.75, phase: -Math.PI / 2, hue: 200 }], 400, 800);
    expect(calls).toEqual(['clear 0 0 400 800', 'arc 100 400 1.5', 'fill hsl(240 80% 88%) 1', 'arc 300 400 1.5', 'fill hsl(200 80% 88%) 0.25']);
    expect(ctx.globalAlpha).toBe(1);
  });
});

describe('grownSky', () => {
  const laptop = { width: 1280, height: 720, ratio: 1 };

  it('starts at the window', () => {
    expect(grownSky(null, 1280, 720, 1)).toEqual(laptop);
  });

  it('stays as it is for a window reported at 1 × 1 (a full-page capture) or any smaller one', () => {
    expect(grownSky(laptop, 1, 1, 1)).toBeNull();
    expect(grownSky(laptop, 390, 600, 1)).toBeNull();
    expect(grownSky(laptop, 1280, 720, 1)).toBeNull();
  });

  it('grows to the largest window on each side, and follows the pixel ratio', () => {
    expect(grownSky(laptop, 390, 844, 1)).toEqual({ width: 1280, height: 844, ratio: 1 });
    expect(grownSky(laptop, 1920, 600, 1)).toEqual({ width: 1920, height: 720, ratio: 1 });
    expect(grownSky(laptop, 1280, 720, 2)).toEqual({ ...laptop, ratio: 2 });
  });

  it('never makes a canvas of no pixels', () => {
    expect(grownSky(null, 0, 0, 1)).toEqual({ width: 1, height: 1, ratio: 1 });
  });
});

describe('skyFps', () => {
  it('draws fewer frames a second on a phone-sized window than on a wider one', () => {
    expect(PHONE_SKY_FPS).toBeLessThan(SKY_FPS);
    expect(skyFps(412)).toBe(PHONE_SKY_FPS);
    expect(skyFps(639)).toBe(PHONE_SKY_FPS);
    expect(skyFps(640)).toBe(SKY_FPS);
    expect(skyFps(1280)).toBe(SKY_FPS);
  });
});
