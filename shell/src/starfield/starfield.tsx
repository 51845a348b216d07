import { useEffect, useRef } from 'react';
import { STAR_COUNT } from '@starforge/contracts';
import { advanceStars, createStars, starAlpha, type Star } from './stars';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

const draw = (ctx: CanvasRenderingContext2D, stars: Star[], width: number, height: number) => {
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

/**
 * The full-screen night sky: 300 drifting, twinkling stars on one canvas, drawn in a single
 * requestAnimationFrame loop (which the browser pauses in background tabs). With
 * prefers-reduced-motion the sky is drawn once and stays still.
 */
export function Starfield() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const stars = createStars(STAR_COUNT);
    const motion = window.matchMedia(reducedMotionQuery);
    let frame = 0;
    let last = 0;
    let width = 0;
    let height = 0;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      draw(ctx, stars, width, height);
    };
    const tick = (now: number) => {
      const seconds = last ? Math.min((now - last) / 1000, 0.1) : 0;
      last = now;
      advanceStars(stars, seconds);
      draw(ctx, stars, width, height);
      frame = requestAnimationFrame(tick);
    };
    const apply = () => {
      cancelAnimationFrame(frame);
      last = 0;
      canvas.dataset.animating = String(!motion.matches);
      if (motion.matches) draw(ctx, stars, width, height);
      else frame = requestAnimationFrame(tick);
    };

    resize();
    apply();
    window.addEventListener('resize', resize);
    motion.addEventListener('change', apply);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      motion.removeEventListener('change', apply);
    };
  }, []);

  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabIndex is not focusable; the starfield is decoration.
  return <canvas ref={canvasRef} className="sf-starfield" aria-hidden="true" data-star-count={STAR_COUNT} />;
}
