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
