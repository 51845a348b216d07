import { gzipSync, constants } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '@starforge/launcher/chromium';

/** Debian's Chromium, as the e2e tests drive it (no browser download exists here). */
const launchChromium = (): Promise<Browser> => chromium.launch({ ...chromiumLaunchOptions, headless: true });

/** A heading (or other element) whose first visible appearance is recorded as a mark. */
export interface Watch {
  key: string;
  selector: string;
  text: string;
  /** Match when the element's text starts with `text` (else it must equal it). */
  prefix?: boolean;
  /** Only look once the page has seen a click. */
  afterClick?: boolean;
}

/** Marks are milliseconds since the document's navigation start (performance.now()). */
export type Marks = Record<string, number>;

/**
 * Runs in the page before any of its scripts: watches the DOM for the given elements and
 * records, for each, when it was first in the DOM and visible (`<key>:dom`) and the start of
 * the next animation frame (`<key>`), i.e. the frame that paints it. Also records the time of
 * every click (capture phase, the event's own time stamp) and the paint timings.
 *
 * Kept as plain JavaScript text: a TypeScript function would be serialized after tsx's
 * transform, which adds helpers (`__name`) that do not exist in the page.
 */
const pageProbe = (watches: Watch[]): string => `(() => {
  const watches = ${JSON.stringify(watches)};
  const marks = {};
  window.__bench = { marks };
  const seen = new Set();
  function check() {
    for (const w of watches) {
      if (seen.has(w.key) || (w.afterClick && marks.click === undefined)) continue;
      for (const el of Array.from(document.querySelectorAll(w.selector))) {
        const text = (el.textContent || '').trim();
        const matches = w.prefix ? text.startsWith(w.text) : text === w.text;
        if (matches && el.checkVisibility()) {
          seen.add(w.key);
          marks[w.key + ':dom'] = performance.now();
          requestAnimationFrame(function () { marks[w.key] = performance.now(); });
          break;
        }
      }
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  addEventListener('click', function (e) { marks.click = e.timeStamp; }, true);
  try {
    new PerformanceObserver(function (list) {
      for (const e of list.getEntries()) marks[e.name] = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    // paint timing unsupported: the marks simply lack it
  }
})();`;

/** A fresh context (empty cache, no cookies) whose pages carry the probe (and any other init scripts given). */
export const probedContext = async (
  browser: Browser,
  baseURL: string,
  watches: Watch[],
  options: { reducedMotion?: boolean; viewport?: { width: number; height: number }; initScripts?: string[] } = {},
): Promise<BrowserContext> => {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  for (const content of [pageProbe(watches), ...(options.initScripts ?? [])]) await context.addInitScript({ content });
  return context;
};

/** The page's marks, plus the paint timings and the document's responseEnd read directly. */
const readMarks = (page: Page): Promise<Marks> =>
  page.evaluate(() => {
    const marks: Record<string, number> = { ...(window as unknown as { __bench: { marks: Record<string, number> } }).__bench.marks };
    for (const e of performance.getEntriesByType('paint')) marks[e.name] ??= e.startTime;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) marks['document-response-end'] = nav.responseEnd;
    return marks;
  });

/** Waits (bounded) until the page has recorded the mark; returns all marks. */
export const waitForMark = async (page: Page, key: string, timeoutMs = 15_000): Promise<Marks> => {
  await page.waitForFunction((k) => (window as unknown as { __bench?: { marks: Record<string, number> } }).__bench?.marks[k] !== undefined, key, {
    timeout: timeoutMs,
    polling: 10,
  });
  return readMarks(page);
};

/** One resource the page fetched, from the Resource Timing API (times since navigation start). */
export interface LoadedResource {
  url: string;
  path: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  /** Bytes of the body as sent (compressed if the server compressed it). */
  encodedBodySize: number;
  decodedBodySize: number;
}

export const loadedResources = (page: Page): Promise<LoadedResource[]> =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return {
        url: r.name,
        path: new URL(r.name).pathname,
        initiatorType: r.initiatorType,
        startTime: r.startTime,
        responseEnd: r.responseEnd,
        encodedBodySize: r.encodedBodySize,
        decodedBodySize: r.decodedBodySize,
      };
    }),
  );

export const isJs = (r: LoadedResource): boolean => r.path.endsWith('.js');

/** gzip level 9 size of a file the gateway serves, fetched once per path. */
export class GzipSizes {
  private readonly cache = new Map<string, Promise<{ raw: number; gzip: number; encoding: string | null }>>();
  constructor(private readonly origin: string) {}

  of(path: string): Promise<{ raw: number; gzip: number; encoding: string | null }> {
    let entry = this.cache.get(path);
    if (!entry) {
      entry = (async () => {
        const res = await fetch(new URL(path, this.origin), { headers: { 'accept-encoding': 'identity' } });
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        const body = Buffer.from(await res.arrayBuffer());
        return { raw: body.length, gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length, encoding: res.headers.get('content-encoding') };
      })();
      this.cache.set(path, entry);
    }
    return entry;
  }

  /** Whether the gateway compresses JS for a browser that accepts gzip/br. */
  async servesCompressed(path: string): Promise<string | null> {
    const res = await fetch(new URL(path, this.origin), { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await res.arrayBuffer();
    return res.headers.get('content-encoding');
  }
}

export interface JsTotals {
  files: number;
  /** Bytes on the wire as served (the body as encoded by the server). */
  transferred: number;
  raw: number;
  gzip: number;
  paths: string[];
}

/** Totals of the distinct JS files among `resources`, with our own gzip -9 sizes. */
export const jsTotals = async (resources: LoadedResource[], sizes: GzipSizes): Promise<JsTotals> => {
  const byPath = new Map<string, LoadedResource>();
  for (const r of resources) if (isJs(r) && !byPath.has(r.path)) byPath.set(r.path, r);
  let transferred = 0;
  let raw = 0;
  let gzip = 0;
  for (const [path, r] of byPath) {
    const s = await sizes.of(path);
    transferred += r.encodedBodySize;
    raw += s.raw;
    gzip += s.gzip;
  }
  return { files: byPath.size, transferred, raw, gzip, paths: [...byPath.keys()].sort() };
};

/** One browser for the whole run, launched on first use. */
export class BrowserHolder {
  private launching: Promise<Browser> | undefined;

  get(): Promise<Browser> {
    this.launching ??= launchChromium();
    return this.launching;
  }

  async close(): Promise<void> {
    const launching = this.launching;
    this.launching = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close();
  }
}
