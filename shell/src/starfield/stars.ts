export interface Star {
  x: number; // 0..1 of the width
  y: number; // 0..1 of the height
  radius: number; // CSS pixels
  drift: number; // fraction of the width per second
  phase: number;
  twinkleSpeed: number; // radians per second
  hue: number;
}

/** A sky of `count` stars, spread evenly at random; deterministic for a given `random`. */
export const createStars = (count: number, random: () => number = Math.random): Star[] =>
  Array.from({ length: count }, () => ({
    x: random(),
    y: random(),
    radius: 0.4 + random() * 1.4,
    drift: 0.002 + random() * 0.008,
    phase: random() * Math.PI * 2,
    twinkleSpeed: 0.8 + random() * 2.4,
    hue: 200 + random() * 80,
  }));

/** Brightness between 0.25 and 1, so no star ever vanishes completely. */
export const starAlpha = (star: Star): number => 0.625 + 0.375 * Math.sin(star.phase);

/**
 * Every star's animations change value only on this common beat (ms): their durations and
 * delays are whole beats and they advance in steps of one beat, so all the stars change on the
 * same frames and the compositor redraws the sky 10 times a second instead of on every frame. A
 * step moves a star by less than half a pixel and its brightness by at most 0.08.
 */
export const BEAT_MS = 100;

/** One of a star's animations: whole beats, one step a beat. */
export interface BeatTiming {
  durationMs: number;
  /** ≤ 0: how far into the animation the star starts. */
  delayMs: number;
  steps: number;
}

const beats = (ms: number): number => Math.max(1, Math.round(ms / BEAT_MS));
const TWO_PI = Math.PI * 2;

/**
 * How a star looks when still (its inline style): where it is, its size, hue and brightness.
 * Its animations override the brightness and the horizontal place (starfield.tsx); the sky is
 * 100vw + 4px wide for the drift, from just off the left edge to just off the right one.
 */
export const starLook = (star: Star): Record<string, string> => {
  const size = star.radius * 2;
  return {
    top: `${(star.y * 100).toFixed(2)}%`,
    width: `${size.toFixed(2)}px`,
    height: `${size.toFixed(2)}px`,
    'margin-top': `${(-size / 2).toFixed(2)}px`,
    background: `hsl(${star.hue.toFixed(0)} 80% 88%)`,
    opacity: starAlpha(star).toFixed(2),
    transform: `translateX(calc(${star.x.toFixed(4)} * (100vw + 4px)))`,
  };
};

/**
 * A star's motion: its drift (one crossing of the sky from the left edge, started `x` of the
 * way through) and its twinkle (dimmest to brightest, run back and forth), started at its phase.
 */
export const starMotion = (star: Star): { drift: BeatTiming; twinkle: BeatTiming } => {
  const drift = beats(1000 / star.drift);
  // Half a twinkle: from the dimmest (phase -π/2) to the brightest (phase π/2).
  const twinkle = beats((1000 * Math.PI) / star.twinkleSpeed);
  const sinceDimmest = (((star.phase + Math.PI / 2) % TWO_PI) + TWO_PI) % TWO_PI;
  const twinkleDelay = Math.round((sinceDimmest / TWO_PI) * 2 * twinkle) % (2 * twinkle);
  // `|| 0`: a delay of 0, never -0.
  return {
    drift: { durationMs: drift * BEAT_MS, delayMs: -Math.round(star.x * drift) * BEAT_MS || 0, steps: drift },
    twinkle: { durationMs: twinkle * BEAT_MS, delayMs: -twinkleDelay * BEAT_MS || 0, steps: twinkle },
  };
};
