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

/** Moves each star right by its drift, wrapping at the edge. */
export const advanceStars = (stars: Star[], seconds: number): void => {
  for (const star of stars) {
    star.x += star.drift * seconds;
    if (star.x > 1) star.x -= 1;
    star.phase += star.twinkleSpeed * seconds;
  }
};

/** Brightness between 0.25 and 1, so no star ever vanishes completely. */
export const starAlpha = (star: Star): number => 0.625 + 0.375 * Math.sin(star.phase);

/** What drawing the sky needs of a 2D context: a canvas's, or an OffscreenCanvas's in a worker. */
type SkyContext = Pick<CanvasRenderingContext2D, 'clearRect' | 'beginPath' | 'arc' | 'fill' | 'globalAlpha' | 'fillStyle'>;

/** Draws the stars on a sky of `width` × `height` CSS pixels (the context scaled to them). */
export const drawStars = (ctx: SkyContext, stars: readonly Star[], width: number, height: number): void => {
  ctx.clearRect(0, 0, width, height);
  for (const star of stars) {
    ctx.globalAlpha = starAlpha(star);
    ctx.fillStyle = `hsl(${star.hue} 80% 88%)`;
    ctx.beginPath();
    ctx.arc(star.x * width, star.y * height, star.radius, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
};

/** The sky's size in CSS pixels and the canvas pixels per CSS pixel (at most 2: the stars are small soft dots). */
export interface SkySize {
  width: number;
  height: number;
  ratio: number;
}

/**
 * The sky's next size for a window of `width` × `height` CSS pixels at `ratio`, or null when it
 * stays as it is. The sky only grows, to the largest window the page has had: the canvas is
 * drawn at one CSS pixel per pixel and clipped by the window, never stretched to it. Chromium's
 * full-page capture reports the window at 1 × 1 for a moment; a sky that followed drew its 300
 * stars on one pixel, which, stretched over the screen, was a light lavender layer under the
 * light text until the next resize.
 */
export const grownSky = (current: SkySize | null, width: number, height: number, ratio: number): SkySize | null => {
  const next = {
    width: Math.max(current?.width ?? 1, Math.round(width)),
    height: Math.max(current?.height ?? 1, Math.round(height)),
    ratio,
  };
  return current && next.width === current.width && next.height === current.height && next.ratio === current.ratio ? null : next;
};

/** What the page tells the sky's worker (sky.worker.ts). */
export type SkyMessage =
  | { type: 'start'; canvas: OffscreenCanvas; stars: Star[]; size: SkySize; moving: boolean; fps: number }
  | { type: 'resize'; size: SkySize }
  /** Moving: drift and twinkle; not moving (reduced motion, or a hidden tab): stand still. */
  | { type: 'moving'; moving: boolean };

/** Frames a second the worker draws while the sky moves: the slowest drift and twinkle look smooth at it. */
export const SKY_FPS = 20;
/** On a phone-sized window (narrower than PHONE_WIDTH CSS px), where each frame costs battery, fewer. */
export const PHONE_SKY_FPS = 12;
const PHONE_WIDTH = 640;

/** The frame rate for a window `width` CSS pixels wide. */
export const skyFps = (width: number): number => (width < PHONE_WIDTH ? PHONE_SKY_FPS : SKY_FPS);
