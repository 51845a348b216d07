import type { Browser } from '@playwright/test';
import type { BrowserHolder } from './lib/browser';
import { watchOwnCpu } from './lib/foreign-cpu';
import type { BenchResult, Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { fixed, median } from './lib/stats';
import { mainThreadCost, recordTrace, type MainThreadCost } from './lib/trace';

/** Lighthouse's mobile preset: a Moto G Power-sized phone, and a CPU four times slower. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 2_000;
const TRACE_MS = 10_000;
const CPU_WINDOW_MS = 5_000;
const LANDING_HEADING = 'The Future of Web3 Testing';

type Mode = 'moving' | 'alone' | 'restyle' | 'reduced' | 'hidden';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'moving', label: 'sky moving' },
  { mode: 'alone', label: 'sky moving, the page\u2019s other animations stopped' },
  { mode: 'restyle', label: 'sky moving, the page restyling its heading every 300 ms (other animations stopped)' },
  { mode: 'reduced', label: 'prefers-reduced-motion' },
  { mode: 'hidden', label: 'tab hidden (emulated)' },
];

interface ModeFigures {
  busy: number;
  frames: number;
  chromiumCpu: number | null;
}

/**
 * The figures this benchmark measured on the sky it replaced (one canvas redrawn in a
 * requestAnimationFrame loop), kept to compare with: that code is gone, so they cannot be measured
 * again from this tree. Measured with the old shell/src/starfield and ui styles.css of b6bb47f
 * built in, on Wed Nov 25 03:52 UTC 2026, 2 × AMD EPYC, Chromium 156, 0 % foreign CPU.
 */
const BEFORE = {
  code: 'b6bb47f (canvas redrawn on every animation frame)',
  date: 'Wed Nov 25 03:52 UTC 2026',
  modes: {
    moving: { busy: 522, frames: 48.4, chromiumCpu: 444 },
    alone: { busy: 478, frames: 48.0, chromiumCpu: 440 },
    reduced: { busy: 1, frames: 0, chromiumCpu: 0 },
    hidden: { busy: 498, frames: 48.0, chromiumCpu: 400 },
  } satisfies Partial<Record<Mode, ModeFigures>> as Partial<Record<Mode, ModeFigures>>,
};

/**
 * Why the sky is one canvas drawn by a worker: the designs tried first, measured on stand-alone
 * pages (the same 300 stars, the same phone and slowdown, no React), Wed Nov 25 2026.
 */
const DESIGN_NOTE =
  'Designs measured before this one on stand-alone pages (same stars, phone and 4\u00d7 slowdown; Chromium\u2019s memory as PSS over an empty page): ' +
  '300 stars as spans with their own CSS or Web Animations (transform + opacity, on the compositor, 100 ms steps): 1-2 ms/s of main thread at rest, but every main-thread frame of the page costs 18-39 ms instead of 3-5 (restyle and commit of 300 layers), +30-40 MB; ' +
  'as CSS animations under React, which listens for animationiteration at its root, ~27 main-thread frames a second (600 ms/s); ' +
  '9 big layers (3 drift speeds \u00d7 3 twinkle groups, a tile twice the width): cheap frames but +440 MB (background image) to +1.2 GB (canvases) of memory; ' +
  'this canvas drawn by a worker at 20 frames a second: 2-4 ms/s at rest, 3-6 ms per page frame, +90 MB (the worker).';

interface SkySample {
  cost: MainThreadCost;
  /** CPU ms per second of all Chromium processes (browser, renderer, GPU/compositor), measured unthrottled after the trace. */
  chromiumCpu: number | null;
  /** The element behind each largest-contentful-paint entry, in order. */
  lcp: { element: string; startTime: number }[];
  pageErrors: string[];
}

/**
 * Runs in the page before its scripts: keeps every largest-contentful-paint entry's element, so
 * the report can say the sky never became the largest paint. Plain JavaScript text (see browser.ts).
 */
const LCP_PROBE = `(() => {
  window.__lcp = [];
  try {
    new PerformanceObserver(function (list) {
      for (const e of list.getEntries()) {
        const el = e.element;
        const name = el ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') : '(removed)';
        window.__lcp.push({ element: name, startTime: e.startTime });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (e) {
    // no LCP support: the list stays empty
  }
})();`;

/**
 * The browser's own hiding of a tab cannot be reproduced headless (no window can be minimized
 * or covered), so a hidden tab is emulated the way the page sees it: document.visibilityState
 * reads 'hidden' and a visibilitychange event fires. Chromium itself keeps producing frames,
 * so this measures what the page stops on its own.
 */
const HIDE_TAB = `(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  document.dispatchEvent(new Event('visibilitychange'));
})();`;

const perSecond = (ms: number, seconds: number) => (seconds > 0 ? ms / seconds : Number.NaN);
const cpuText = (v: number | null) => (v === null ? '—' : `${fixed(v, 0)} ms/s`);

/** Cancels every animation of the page outside the sky, so the trace shows the sky's own cost. */
const STOP_OTHER_ANIMATIONS = `(() => {
  for (const a of document.getAnimations()) {
    const target = a.effect && a.effect.target;
    if (!target || !target.closest('.sf-starfield')) a.cancel();
  }
})();`;

/** A main-thread frame every 300 ms, as a hover or a render would make: what does the sky add to each? */
const RESTYLE_HEADING = `(() => {
  const heading = document.querySelector('h1');
  let on = false;
  setInterval(() => {
    on = !on;
    heading.style.outline = on ? '1px solid transparent' : '';
  }, 300);
})();`;

/** One signed-out visit to `/` on the phone, a settle, then a trace of the page at rest. */
const skySample = async (browser: Browser, baseURL: string, mode: Mode): Promise<SkySample> => {
  const context = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block', reducedMotion: mode === 'reduced' ? 'reduce' : 'no-preference' });
  try {
    await context.addInitScript({ content: LCP_PROBE });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: LANDING_HEADING }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    // LCP entries stop at the first input; read them before anything else touches the page.
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: { element: string; startTime: number }[] }).__lcp);
    if (mode === 'hidden') await page.evaluate(HIDE_TAB);
    if (mode === 'alone' || mode === 'restyle') await page.evaluate(STOP_OTHER_ANIMATIONS);
    if (mode === 'restyle') await page.evaluate(RESTYLE_HEADING);
    const trace = await recordTrace(cdp, TRACE_MS);
    // The throttler suspends the renderer's main thread in a busy wait (it alone burns ~75 % of a
    // core at rate 4), so the processes' CPU is read with it off.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForTimeout(1_000);
    const chromiumCpuMs = watchOwnCpu('chromium');
    await page.waitForTimeout(CPU_WINDOW_MS);
    const used = chromiumCpuMs();
    return { cost: mainThreadCost(trace, new URL(baseURL).origin), chromiumCpu: used === null ? null : perSecond(used, CPU_WINDOW_MS / 1000), lcp, pageErrors };
  } finally {
    await context.close();
  }
};

/**
 * The night sky's cost on a phone: the landing page signed out, left open, in Chromium with a
 * 4× slower CPU (as Lighthouse's mobile preset), traced for 10 s after load. Reports the
 * renderer main thread's busy time per second (the sum of its top-level tasks over the trace's
 * wall time), with the sky moving, with prefers-reduced-motion and with the tab hidden.
 */
export const skyCostBench = async ({ stack, browser, samples = 3 }: { stack: StackHolder; browser: BrowserHolder; samples?: number }): Promise<BenchResult> => {
  const running = await stack.get({ frontends: true });
  const b = await browser.get();
  // A warm-up visit: the gateway's and the OS's caches, so the first sample is not the odd one.
  await skySample(b, running.url, 'reduced');

  const figures: Figure[] = [];
  const rows: string[][] = [];
  const whereRows: string[][] = [];
  const compareRows: string[][] = [];
  const lcpSeen = new Set<string>();
  const errors = new Set<string>();
  for (const { mode, label } of MODES) {
    const runs: SkySample[] = [];
    for (let i = 0; i < samples; i++) {
      const s = await skySample(b, running.url, mode);
      runs.push(s);
      for (const e of s.pageErrors) errors.add(e);
      for (const e of s.lcp) lcpSeen.add(`${label}: ${e.element}`);
      const busy = perSecond(s.cost.busyMs, s.cost.seconds);
      console.log(`    ${label} #${i + 1}: main thread ${fixed(busy, 0)} ms/s, ${s.cost.frames} frames in ${fixed(s.cost.seconds)} s`);
      rows.push([
        label,
        String(i + 1),
        fixed(s.cost.seconds),
        fixed(busy, 0),
        String(s.cost.tasks),
        fixed(s.cost.frames / s.cost.seconds),
        s.chromiumCpu === null ? '—' : fixed(s.chromiumCpu, 0),
        s.lcp.map((e) => `${e.element} @ ${fixed(e.startTime, 0)} ms`).join(', ') || '—',
      ]);
    }
    const busy = median(runs.map((r) => perSecond(r.cost.busyMs, r.cost.seconds)));
    const cpu = runs.every((r) => r.chromiumCpu !== null) ? median(runs.map((r) => r.chromiumCpu ?? 0)) : null;
    const frames = median(runs.map((r) => r.cost.frames / r.cost.seconds));
    figures.push(
      {
        label: `Landing on a phone, 4× slower CPU, ${label}: renderer main thread busy per second (median of ${samples})`,
        value: busy,
        unit: 'ms/s',
        decimals: 0,
      },
      { label: `… ${label}: main-thread frames per second`, value: frames, unit: '/s', decimals: 1 },
      {
        label: `… ${label}: CPU of all Chromium processes per second, CPU not slowed (browser, renderer, GPU/compositor)`,
        value: cpu,
        unit: 'ms/s',
        decimals: 0,
      },
    );
    if (mode === 'restyle') {
      figures.push({ label: `… ${label}: main thread busy per main-thread frame`, value: busy / frames, unit: 'ms', decimals: 1 });
    }
    const before = BEFORE.modes[mode];
    compareRows.push([
      label,
      before ? `${fixed(before.busy, 0)} ms/s` : 'not measured',
      `${fixed(busy, 0)} ms/s`,
      before ? `${fixed(before.frames)} /s` : '',
      `${fixed(frames)} /s`,
      before ? cpuText(before.chromiumCpu) : '',
      cpuText(cpu),
    ]);
    const middle = [...runs].sort((x, y) => x.cost.busyMs / x.cost.seconds - y.cost.busyMs / y.cost.seconds)[Math.floor(runs.length / 2)];
    if (middle) {
      for (const n of middle.cost.byName.slice(0, 6)) {
        whereRows.push([label, n.name, fixed(perSecond(n.ms, middle.cost.seconds), 1), fixed(n.count / middle.cost.seconds, 1)]);
      }
    }
  }

  const notes = [
    `Each sample: a fresh context (signed out, empty cache) with a ${PHONE.viewport.width}×${PHONE.viewport.height} viewport at DPR ${PHONE.deviceScaleFactor} (touch, mobile), CDP Emulation.setCPUThrottlingRate ${CPU_SLOWDOWN}, \`/\` loaded and its heading shown, ${SETTLE_MS / 1000} s to settle, then a CDP trace (devtools.timeline, toplevel) of ${TRACE_MS / 1000} s with nothing else happening. "Busy" is the union of the page's renderer main thread's top-level tasks (RunTask), as Lighthouse counts main-thread work, divided by the trace's wall seconds; the slowdown makes these wall times about ${CPU_SLOWDOWN}× what the machine needs.`,
    'The hidden tab is emulated from the page\u2019s side (document.visibilityState reads "hidden" and a visibilitychange event fires): headless Chromium cannot minimize or cover a window, so it keeps producing frames as for a visible tab, and the figure shows what the page itself stops. A really hidden tab also gets no animation frames from the browser.',
    `CPU of all Chromium processes: from /proc over ${CPU_WINDOW_MS / 1000} s right after the trace, with the slowdown switched off (CDP's throttler suspends the renderer's main thread in a busy wait, which alone would read as ~75 % of a core). It shows whether work moved off the main thread to the compositor and the GPU process (the GPU is disabled, so compositing and raster are in software).`,
    '"The page\u2019s other animations stopped" cancels every animation outside the sky after the settle (on the landing: the bouncing arrow under the hero), to show the sky\u2019s own cost.',
    '"Restyling its heading every 300 ms" makes the page run a main-thread frame of its own every 300 ms (an outline toggled, as a hover or a render would): busy time per frame is what such a frame costs with the sky moving.',
    DESIGN_NOTE,
    `Largest-contentful-paint elements seen: ${[...lcpSeen].join('; ') || 'none'}.`,
  ];
  if (errors.size) notes.push(`Page errors seen: ${[...errors].slice(0, 5).join('; ')}`);
  return {
    name: 'sky',
    title: 'The night sky: main-thread cost of the landing left open on a phone',
    command: 'pnpm bench sky',
    figures,
    tables: [
      {
        title: `Before and now (medians): before = ${BEFORE.code}, measured by this benchmark on ${BEFORE.date}`,
        head: ['Mode', 'Main thread busy, before', 'now', 'Main-thread frames, before', 'now', 'Chromium CPU (not slowed), before', 'now'],
        rows: compareRows,
      },
      {
        title: 'Every sample',
        head: ['Mode', '#', 'Trace s', 'Main thread busy ms/s', 'Top-level tasks', 'Main-thread frames/s', 'Chromium CPU ms/s', 'LCP entries (element @ time)'],
        rows,
      },
      {
        title: 'Where the main thread\u2019s time went (median sample, inclusive, the six largest event names)',
        head: ['Mode', 'Event', 'ms/s', 'count/s'],
        rows: whereRows,
      },
    ],
    notes,
  };
};
