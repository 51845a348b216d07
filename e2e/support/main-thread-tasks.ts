import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/** A top-level task of the page's main thread: what ran in it, by trace event. */
export interface MainThreadTask {
  /** Files whose script evaluation ran in the task. */
  evaluated: string[];
  /** URLs the task asked for (script elements, fetches, links). */
  requested: string[];
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const fileOf = (url: string) => new URL(url).pathname;

/**
 * Traces `load` (a navigation of `page`) and returns the page's main-thread tasks in order, each
 * with the scripts it evaluated and the requests it sent: which work shared a task, not how long
 * it took.
 */
export const mainThreadTasks = async (browser: Browser, page: Page, load: () => Promise<unknown>): Promise<MainThreadTask[]> => {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'loading'] });
  await load();
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const evaluations = events.filter((e) => e.name === 'EvaluateScript' && e.args?.data?.url?.startsWith(new URL(page.url()).origin));
  // The page's renderer main thread: the one that evaluated the page's own scripts.
  const first = evaluations[0];
  if (!first) throw new Error('the trace has no script evaluation of the page');
  const own = events.filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: TraceEvent[] = [];
  for (const event of own) {
    const last = tasks.at(-1);
    if (TASK_NAMES.has(event.name) && !(last && event.ts < last.ts + (last.dur ?? 0))) tasks.push(event);
  }
  const inside = (task: TraceEvent, event: TraceEvent) => event.ts >= task.ts && event.ts <= task.ts + (task.dur ?? 0);
  // Requests of the renderer, whichever of its threads logged them, placed in the main thread's tasks by time.
  const requests = events.filter((e) => e.pid === first.pid && e.name === 'ResourceSendRequest' && e.args?.data?.url);
  return tasks.map((task) => ({
    evaluated: evaluations.filter((e) => e.pid === first.pid && inside(task, e)).map((e) => fileOf(e.args?.data?.url ?? '')),
    requested: requests.filter((e) => inside(task, e)).map((e) => fileOf(e.args?.data?.url ?? '')),
  }));
};
