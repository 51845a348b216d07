import type { CDPSession } from '@playwright/test';

/** One event of a Chromium trace (the JSON trace event format, as CDP's Tracing domain sends it). */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { frames?: { processId?: number; parent?: string; url?: string }[] } };
}

/** Lighthouse's categories for a performance trace (devtools.timeline and the top-level tasks). */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  '__metadata',
];

export interface Trace {
  events: TraceEvent[];
  /** How long the trace ran, ms (between Tracing.start answering and Tracing.end being sent). */
  wallMs: number;
}

/** Records a trace of the page behind `cdp` for `ms` milliseconds. */
export const recordTrace = async (cdp: CDPSession, ms: number): Promise<Trace> => {
  const events: TraceEvent[] = [];
  const onData = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const started = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const wallMs = performance.now() - started;
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', onData);
  return { events, wallMs };
};

/** The names Chromium gives a task the scheduler runs on a thread (as Lighthouse counts them). */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork', 'TaskQueueManager::ProcessTaskFromWorkQueue']);

export interface MainThreadCost {
  /** The renderer main thread that was measured (pid:tid), or null if none was found. */
  thread: string | null;
  /** Wall seconds measured (from the trace's first event, as long as the trace ran). */
  seconds: number;
  /** Union of the top-level tasks' durations, ms. */
  busyMs: number;
  tasks: number;
  /** Main-thread frames (BeginMainThreadFrame) in the trace. */
  frames: number;
  /** Inclusive ms per event name inside the tasks, largest first. */
  byName: { name: string; ms: number; count: number }[];
}

/** The renderer main thread of the page whose main frame is at `origin` (else the busiest renderer main thread). */
const pageMainThread = (events: TraceEvent[], origin: string): { pid: number; tid: number } | null => {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const framePid = started?.args?.data?.frames?.find((f) => !f.parent && f.url?.startsWith(origin))?.processId;
  const own = mains.find((m) => m.pid === framePid);
  if (own) return { pid: own.pid, tid: own.tid };
  const count = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
  const busiest = mains.sort((a, b) => count(b) - count(a))[0];
  return busiest ? { pid: busiest.pid, tid: busiest.tid } : null;
};

/**
 * The main-thread cost of a page in a trace: the sum of its renderer main thread's top-level
 * tasks (nested task events merged, clipped to the trace's wall time; events flushed after
 * Tracing.end are left out), how many main-thread frames it ran, and where the time went.
 */
export const mainThreadCost = ({ events, wallMs }: Trace, origin: string): MainThreadCost => {
  const stamped = events.filter((e) => e.ts > 0 && e.ph !== 'M');
  const start = Math.min(...stamped.map((e) => e.ts));
  const end = start + wallMs * 1000;
  const seconds = wallMs / 1000;
  const thread = pageMainThread(events, origin);
  if (!thread) return { thread: null, seconds, busyMs: 0, tasks: 0, frames: 0, byName: [] };
  const own = stamped.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ts < end);
  const tasks = own.filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const topLevel: TraceEvent[] = [];
  let busy = 0;
  let coveredTo = start;
  for (const t of tasks) {
    const taskEnd = Math.min(t.ts + (t.dur ?? 0), end);
    if (t.ts >= coveredTo) topLevel.push(t);
    if (taskEnd > coveredTo) {
      busy += taskEnd - Math.max(t.ts, coveredTo);
      coveredTo = taskEnd;
    }
  }
  const byName = new Map<string, { ms: number; count: number }>();
  for (const e of own) {
    if (e.ph !== 'X' || e.dur === undefined || TASK_NAMES.has(e.name)) continue;
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += e.dur / 1000;
    entry.count += 1;
    byName.set(e.name, entry);
  }
  return {
    thread: `${thread.pid}:${thread.tid}`,
    seconds,
    busyMs: busy / 1000,
    tasks: topLevel.length,
    frames: own.filter((e) => e.name === 'BeginMainThreadFrame').length,
    byName: [...byName].map(([name, v]) => ({ name, ...v })).sort((a, b) => b.ms - a.ms),
  };
};
