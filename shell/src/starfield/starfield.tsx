import { useEffect, useRef } from 'react';
import { STAR_COUNT } from '@starforge/contracts/shared';
import { createStars, drawStars, grownSky, skyFps, type SkyMessage, type SkySize, type Star } from './stars';
import './starfield.css';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * Follows the window's size for the sky (see grownSky): calls `resize` with the sky's new size
 * when it grows, after setting the canvas's own CSS size to it (the sky's box clips the rest).
 */
const followWindow = (canvas: HTMLCanvasElement) => {
  let size: SkySize | null = null;
  return (resize: (size: SkySize) => void): void => {
    const next = grownSky(size, window.innerWidth, window.innerHeight, Math.min(window.devicePixelRatio || 1, 2));
    if (!next) return;
    size = next;
    canvas.style.width = `${next.width}px`;
    canvas.style.height = `${next.height}px`;
    resize(next);
  };
};

/** Where OffscreenCanvas is missing, the stars are drawn on the page, standing still, again when the sky grows. */
const drawStill = (canvas: HTMLCanvasElement, stars: Star[]) => (size: SkySize) => {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  canvas.width = Math.round(size.width * size.ratio);
  canvas.height = Math.round(size.height * size.ratio);
  ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
  drawStars(ctx, stars, size.width, size.height);
};

/**
 * Runs `start` once the page has loaded and the main thread is first idle (at most a second
 * later): a phone's first seconds go to the screen, not to a worker, a canvas and compositor
 * frames of decoration. Returns a cancel for an unmount before then.
 */
const afterPageSettles = (start: () => void): (() => void) => {
  let cancelWait: (() => void) | undefined;
  const onLoad = () => {
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(start, { timeout: 1_000 });
      cancelWait = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(start, 200);
      cancelWait = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelWait?.();
  };
};

/** Draws the sky into `sky`; returns what stops it. */
const startSky = (sky: HTMLDivElement): (() => void) => {
  // A canvas hands its drawing to a worker only once, so each mount makes its own.
  const canvas = document.createElement('canvas');
  sky.replaceChildren(canvas);
  const fit = followWindow(canvas);
  if (typeof canvas.transferControlToOffscreen !== 'function') {
    const draw = drawStill(canvas, createStars(STAR_COUNT));
    fit(draw);
    const onStillResize = () => fit(draw);
    window.addEventListener('resize', onStillResize);
    sky.dataset.animating = 'false';
    return () => {
      window.removeEventListener('resize', onStillResize);
      canvas.remove();
    };
  }
  const worker = new Worker(new URL('./sky.worker.ts', import.meta.url), { name: 'starfield' });
  const send = (message: SkyMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const motion = window.matchMedia(reducedMotionQuery);
  const isMoving = () => !motion.matches && document.visibilityState !== 'hidden';

  const offscreen = canvas.transferControlToOffscreen();
  fit((size) => send({ type: 'start', canvas: offscreen, stars: createStars(STAR_COUNT), size, moving: isMoving(), fps: skyFps(size.width) }, [offscreen]));
  sky.dataset.animating = String(isMoving());

  const onMotion = () => {
    send({ type: 'moving', moving: isMoving() });
    sky.dataset.animating = String(isMoving());
  };
  const onResize = () => fit((size) => send({ type: 'resize', size }));
  motion.addEventListener('change', onMotion);
  document.addEventListener('visibilitychange', onMotion);
  window.addEventListener('resize', onResize);
  return () => {
    motion.removeEventListener('change', onMotion);
    document.removeEventListener('visibilitychange', onMotion);
    window.removeEventListener('resize', onResize);
    worker.terminate();
    canvas.remove();
  };
};

/**
 * The full-screen night sky: STAR_COUNT drifting, twinkling stars on one canvas, drawn by a
 * worker (sky.worker.ts) at SKY_FPS (fewer on a phone: skyFps), so the page's main thread has
 * no work per frame and its own frames stay as cheap as without a sky. It starts once the page
 * has loaded and settled; until then the sky is its gradient. The worker stops while the tab is hidden and
 * with prefers-reduced-motion (following the setting when it changes), leaving the stars
 * still. `data-animating` says whether the sky is moving.
 *
 * Not CSS animations of the stars: one layer per star made every main-thread frame of the page
 * (a hover, a render) restyle and commit 300 layers; a few big layers of stars cost hundreds
 * of megabytes of raster (bench/RESULTS.md, sky).
 */
export function Starfield() {
  const skyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sky = skyRef.current;
    if (!sky) return;
    let stop: (() => void) | undefined;
    const cancel = afterPageSettles(() => {
      stop = startSky(sky);
    });
    return () => {
      cancel();
      stop?.();
    };
  }, []);

  return <div ref={skyRef} className="sf-starfield" aria-hidden="true" data-star-count={STAR_COUNT} />;
}
