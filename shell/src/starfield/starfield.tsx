import { useEffect, useRef } from 'react';
import { STAR_COUNT } from '@starforge/contracts';
import { createStars, starStyle } from './stars';
import './starfield.css';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * The full-screen night sky: STAR_COUNT drifting, twinkling stars, each a span that CSS animates
 * on the compositor (starfield.css); no script runs per frame. The animations pause while the
 * tab is hidden; with prefers-reduced-motion there are none and the stars stand still.
 * `data-animating` says whether the sky is moving.
 */
export function Starfield() {
  const skyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sky = skyRef.current;
    if (!sky) return;
    // Random, so made here rather than rendered: a page rendered ahead of time carries only the
    // sky's colour, and React never updates these spans.
    const stars = document.createDocumentFragment();
    for (const star of createStars(STAR_COUNT)) {
      const span = document.createElement('span');
      span.className = 'sf-star';
      for (const [name, value] of Object.entries(starStyle(star))) span.style.setProperty(name, value);
      stars.append(span);
    }
    sky.replaceChildren(stars);

    const motion = window.matchMedia(reducedMotionQuery);
    const apply = () => {
      sky.dataset.animating = String(!motion.matches && document.visibilityState !== 'hidden');
    };
    apply();
    motion.addEventListener('change', apply);
    document.addEventListener('visibilitychange', apply);
    return () => {
      motion.removeEventListener('change', apply);
      document.removeEventListener('visibilitychange', apply);
      sky.replaceChildren();
    };
  }, []);

  return <div ref={skyRef} className="sf-starfield" aria-hidden="true" data-star-count={STAR_COUNT} />;
}
