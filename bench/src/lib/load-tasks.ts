import type { Browser } from '@playwright/test';
import { busiestScript, type CpuProfile } from './sampled-scripts';

/** Lighthouse's mobile preset slows the CPU 4×; a task longer than 50 ms blocks input for the rest. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread CPU time of the event, µs: what the thread itself ran, not time it waited for a core. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

export interface LoadTasks {
  /** Thread CPU of every top-level task of the page's main thread, ms. */
  mainThreadCpuMs: number;
  /**
   * The longest top-level task's thread CPU, ms, and what ran in it: with `profiled`, the script
   * whose code the sampling profiler caught most in it; else a script event's file, else the
   * largest event.
   */
  longestTaskMs: number;
  longestTask: string;
  /** Σ max(0, 4 × thread CPU − 50 ms) over the tasks from first contentful paint on: total blocking time at 4× CPU. */
  blockingAt4xMs: number;
}

const fileOf = (url: string): string => url.split('/').pop()?.split('?')[0] || url;

/**
 * The main-thread tasks of one cold load of `url` on a phone-sized page, from a trace, by thread
 * CPU time. Lighthouse's simulation multiplies each task's observed wall time by 4, so a machine
 * busy with other work inflates it; thread CPU barely moves with other load, so this is the figure
 * to compare code by on a shared machine.
 */
export const loadTasks = async (browser: Browser, url: string, { profiled = false, settleMs = 3_000 } = {}): Promise<LoadTasks> => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  try {
    const page = await context.newPage();
    // Sampled every millisecond, only to name the longest task's code. The profiler costs the page
    // thread CPU of its own (V8 logs every function it compiles), so a profiled load's figures are
    // not comparable with an unprofiled one's.
    const cdp = profiled ? await context.newCDPSession(page) : undefined;
    await cdp?.send('Profiler.enable');
    await cdp?.send('Profiler.setSamplingInterval', { interval: 1_000 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'loading'] });
    await cdp?.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const profile = cdp ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const host = new URL(url).host;
    const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const cpuOf = (m: TraceEvent) => events.reduce((sum, e) => (e.pid === m.pid && e.tid === m.tid && TASK_NAMES.has(e.name) ? sum + (e.tdur ?? 0) : sum), 0);
    const touches = (m: TraceEvent) =>
      events.some((e) => e.pid === m.pid && e.tid === m.tid && (e.args?.beginData?.url ?? e.args?.data?.url ?? '').includes(host));
    // The thread that parsed or ran something of the page (busiest first); else the busiest renderer.
    const candidates = mains.filter(touches);
    const main = (candidates.length ? candidates : mains).sort((a, b) => cpuOf(b) - cpuOf(a))[0];
    if (!main) throw new Error(`no renderer main thread in the trace of ${url}`);
    const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const fcp = events.find((e) => e.pid === main.pid && e.name === 'firstContentfulPaint')?.ts ?? 0;
    const tasks: TraceEvent[] = [];
    for (const event of own) {
      const last = tasks.at(-1);
      // Nested task events (a task inside a task) are part of the outer one.
      if (TASK_NAMES.has(event.name) && !(last && event.ts < last.ts + (last.dur ?? 0))) tasks.push(event);
    }
    let cpu = 0;
    let blocking = 0;
    let longest: TraceEvent | undefined;
    for (const task of tasks) {
      const ms = (task.tdur ?? 0) / 1000;
      cpu += ms;
      if (task.ts >= fcp) blocking += Math.max(0, SLOWDOWN * ms - LONG_TASK_MS);
      if (!longest || (task.tdur ?? 0) > (longest.tdur ?? 0)) longest = task;
    }
    let what = '—';
    if (longest) {
      const end = longest.ts + (longest.dur ?? 0);
      const inside = own.filter((e) => e !== longest && !TASK_NAMES.has(e.name) && e.ts >= longest.ts && e.ts < end);
      const script = inside.find((e) => e.args?.data?.url);
      const largest = [...inside].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
      const sampled = profile && busiestScript(profile, longest.ts, end);
      what = sampled ? `code of ${sampled}` : script?.args?.data?.url ? `${script.name} ${fileOf(script.args.data.url)}` : (largest?.name ?? 'task');
    }
    return { mainThreadCpuMs: cpu, longestTaskMs: (longest?.tdur ?? 0) / 1000, longestTask: what, blockingAt4xMs: blocking };
  } finally {
    await context.close();
  }
};
