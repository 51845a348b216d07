import { advanceStars, drawStars, type SkyMessage, type SkySize, type Star } from './stars';

/**
 * The night sky's own thread: it owns the canvas (transferred from the page) and redraws the
 * stars `fps` times a second (skyFps) while they move, so the page's main thread does nothing per frame.
 * Each redraw is committed to the compositor when the task ends.
 */
interface Sky {
  ctx: OffscreenCanvasRenderingContext2D;
  canvas: OffscreenCanvas;
  stars: Star[];
  size: SkySize;
}

let sky: Sky | undefined;
let fps = 1;
let timer: ReturnType<typeof setInterval> | undefined;
let last = 0;

const draw = () => {
  if (sky) drawStars(sky.ctx, sky.stars, sky.size.width, sky.size.height);
};

const fit = (size: SkySize) => {
  if (!sky) return;
  sky.size = size;
  sky.canvas.width = Math.round(size.width * size.ratio);
  sky.canvas.height = Math.round(size.height * size.ratio);
  sky.ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
  draw();
};

const tick = () => {
  const now = performance.now();
  // A late tick (a busy or throttled thread) moves at most 0.1 s, as the page's frames did.
  advanceStars(sky?.stars ?? [], Math.min((now - last) / 1000, 0.1));
  last = now;
  draw();
};

const setMoving = (moving: boolean) => {
  clearInterval(timer);
  timer = undefined;
  if (!moving) return;
  last = performance.now();
  timer = setInterval(tick, 1000 / fps);
};

self.onmessage = (event: MessageEvent<SkyMessage>) => {
  const message = event.data;
  if (message.type === 'start') {
    const ctx = message.canvas.getContext('2d');
    if (!ctx) return;
    sky = { ctx, canvas: message.canvas, stars: message.stars, size: message.size };
    fps = message.fps;
    fit(message.size);
    setMoving(message.moving);
  } else if (message.type === 'resize') {
    fit(message.size);
  } else {
    setMoving(message.moving);
  }
};
