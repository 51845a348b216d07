import { useEffect, useRef } from 'react';
import { STAR_COUNT } from '@starforge/contracts';
import { createStars, starLook, starMotion, type BeatTiming } from './stars';
import './starfield.css';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

const DRIFT: Keyframe[] = [{ transform: 'translateX(0)' }, { transform: 'translateX(calc(100vw + 4px))' }];
const TWINKLE: Keyframe[] = [{ opacity: 0.25 }, { opacity: 1 }];

const timing = ({ durationMs, delayMs, steps }: BeatTiming): KeyframeAnimationOptions => ({
  duration: durationMs,
  delay: delayMs,
  easing: `steps(${steps})`,
  iterations: Number.POSITIVE_INFINITY,
});

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
    // Random, so made here rather than rendered: a page rendered ahead of time carries only the
    // sky's colour, and React never updates these spans.
    const stars = createStars(STAR_COUNT).map((star) => {
      const span = document.createElement('span');
      span.className = 'sf-star';
      for (const [name, value] of Object.entries(starLook(star))) span.style.setProperty(name, value);
      return { span, motion: starMotion(star) };
    });
    sky.replaceChildren(...stars.map((s) => s.span));

    const motion = window.matchMedia(reducedMotionQuery);
    let animations: Animation[] = [];
    const apply = () => {
      const moving = !motion.matches;
      if (moving && !animations.length) {
        animations = stars.flatMap(({ span, motion: { drift, twinkle } }) => [
          span.animate(DRIFT, timing(drift)),
          span.animate(TWINKLE, { ...timing(twinkle), direction: 'alternate' }),
        ]);
      } else if (!moving) {
        for (const a of animations) a.cancel();
        animations = [];
      }
      const hidden = document.visibilityState === 'hidden';
      // All paused and resumed in one go, so they keep changing on the same beat.
      for (const a of animations) {
        if (hidden) a.pause();
        else if (a.playState === 'paused') a.play();
      }
      sky.dataset.animating = String(moving && !hidden);
    };
    apply();
    motion.addEventListener('change', apply);
    document.addEventListener('visibilitychange', apply);
    return () => {
      motion.removeEventListener('change', apply);
      document.removeEventListener('visibilitychange', apply);
      for (const a of animations) a.cancel();
      sky.replaceChildren();
    };
  }, []);

  return <div ref={skyRef} className="sf-starfield" aria-hidden="true" data-star-count={STAR_COUNT} />;
}
