import type { Page } from '@playwright/test';

/** One layout-shift entry as the page saw it (times since navigation start). */
export interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  /** What moved: the dashboard slot it sits in (if any) and the element's tag and classes. */
  sources: string[];
}

export interface LayoutShifts {
  /** Cumulative Layout Shift as browsers report it: the largest session window of shifts without recent input. */
  cls: number;
  /** Every shift without recent input. */
  shifts: LayoutShift[];
}

/**
 * Runs in the page before its scripts: records every layout-shift entry (buffered, so shifts
 * before the observer count too) with a short description of the nodes that moved.
 *
 * Plain JavaScript text, like the probe in browser.ts (a serialized TypeScript function would
 * carry tsx's helpers into the page).
 */
export const layoutShiftProbe = `(() => {
  const shifts = [];
  window.__benchShifts = shifts;
  const describe = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    if (!el) return '(removed)';
    const slot = el.closest('[data-slot]');
    const classes = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return (slot ? 'slot ' + slot.getAttribute('data-slot') + ': ' : '') + el.tagName.toLowerCase() + classes;
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        shifts.push({ value: e.value, startTime: e.startTime, hadRecentInput: e.hadRecentInput, sources: (e.sources || []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (e) {
    // layout-shift entries unsupported: no shifts are recorded
  }
})();`;

/**
 * The largest session window (shifts less than 1 s apart, a window at most 5 s long), as
 * web-vitals and Chromium compute CLS; shifts right after input are left out.
 */
const cumulativeLayoutShift = (shifts: readonly LayoutShift[]): number => {
  let best = 0;
  let window = 0;
  let first = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of [...shifts].filter((x) => !x.hadRecentInput).sort((a, b) => a.startTime - b.startTime)) {
    if (s.startTime - last < 1_000 && s.startTime - first < 5_000) {
      window += s.value;
    } else {
      window = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, window);
  }
  return best;
};

/** The shifts the page has recorded so far, and their CLS. */
export const readLayoutShifts = async (page: Page): Promise<LayoutShifts> => {
  const all = await page.evaluate(() => (window as unknown as { __benchShifts?: LayoutShift[] }).__benchShifts ?? []);
  const shifts = all.filter((s) => !s.hadRecentInput);
  return { cls: cumulativeLayoutShift(shifts), shifts };
};
