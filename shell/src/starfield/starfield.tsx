import { useEffect, useRef } from 'react';
import { STAR_COUNT } from '@starforge/contracts';
import { BEAT_MS, createStars, starLook, starMotion, type BeatTiming, type Star } from './stars';
import './starfield.css';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Stars made per idle callback: each batch (its script, then its style and paint) stays well under a long task on a slow phone. */
const BATCH = 50;

const DRIFT: Keyframe[] = [{ transform: 'translateX(0)' }, { transform: 'translateX(calc(100vw + 4px))' }];
const TWINKLE: Keyframe[] = [{ opacity: 0.25 }, { opacity: 1 }];

const timing = ({ durationMs, delayMs, steps }: BeatTiming): KeyframeAnimationOptions => ({
  duration: durationMs,
  delay: delayMs,
  easing: `steps(${steps})`,
  iterations: Number.POSITIVE_INFINITY,
});

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 50);
  return () => window.clearTimeout(id);
};

interface MadeStar {
  span: HTMLSpanElement;
  motion: ReturnType<typeof starMotion>;
}

const makeStar = (star: Star): MadeStar => {
  const span = document.createElement('span');
  span.className = 'sf-star';
  span.style.cssText = Object.entries(starLook(star))
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
  return { span, motion: starMotion(star) };
};

/**
 * Starts (or resumes) an animation on the beat: its steps fall when the document's timeline is
 * a whole number of beats, as every other star's do (their durations and delays are whole
 * beats), so all stars change on the same frames however late they were made or resumed.
 */
const startOnBeat = (animation: Animation): void => {
  const now = Number(document.timeline.currentTime ?? 0);
  animation.startTime = Math.round((now - Number(animation.currentTime ?? 0)) / BEAT_MS) * BEAT_MS;
};

/**
 * The full-screen night sky: STAR_COUNT drifting, twinkling stars, each a span with two
 * animations (transform and opacity) that the compositor runs: no script and no main-thread
 * frame per frame. They pause while the tab is hidden; with prefers-reduced-motion there are
 * none and the stars stand still (following the setting when it changes). `data-animating`
 * says whether the sky is moving.
 *
 * Web Animations rather than CSS animations: React listens for animationiteration at its root,
 * and Chromium then runs a main-thread frame for every iteration of every CSS animation.
 */
export function Starfield() {
  const skyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sky = skyRef.current;
    if (!sky) return;
    const motion = window.matchMedia(reducedMotionQuery);
    // Random, so made here rather than rendered: a page rendered ahead of time carries only the
    // sky's colour. Made when the browser is idle, a batch at a time, after the page's own work.
    const waiting = createStars(STAR_COUNT);
    const made: MadeStar[] = [];
    let animations: Animation[] = [];
    let cancelIdle = () => {};

    const isMoving = () => !motion.matches;
    const isHidden = () => document.visibilityState === 'hidden';
    const animate = (stars: MadeStar[]): Animation[] => {
      const started = stars.flatMap(({ span, motion: { drift, twinkle } }) => [
        span.animate(DRIFT, timing(drift)),
        span.animate(TWINKLE, { ...timing(twinkle), direction: 'alternate' }),
      ]);
      for (const a of started) {
        if (isHidden()) a.pause();
        else startOnBeat(a);
      }
      return started;
    };

    const makeBatch = () => {
      const batch = waiting.splice(0, BATCH).map(makeStar);
      sky.append(...batch.map((s) => s.span));
      made.push(...batch);
      if (isMoving()) animations.push(...animate(batch));
      if (waiting.length) cancelIdle = whenIdle(makeBatch);
    };

    const apply = () => {
      const moving = isMoving();
      if (!moving) {
        for (const a of animations) a.cancel();
        animations = [];
      } else if (!animations.length) {
        animations = animate(made);
      } else {
        for (const a of animations) {
          if (isHidden()) a.pause();
          else if (a.playState === 'paused') startOnBeat(a);
        }
      }
      sky.dataset.animating = String(moving && !isHidden());
    };

    apply();
    cancelIdle = whenIdle(makeBatch);
    motion.addEventListener('change', apply);
    document.addEventListener('visibilitychange', apply);
    return () => {
      cancelIdle();
      motion.removeEventListener('change', apply);
      document.removeEventListener('visibilitychange', apply);
      for (const a of animations) a.cancel();
      sky.replaceChildren();
    };
  }, []);

  return <div ref={skyRef} className="sf-starfield" aria-hidden="true" data-star-count={STAR_COUNT} />;
}
