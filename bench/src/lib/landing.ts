import type { Browser } from '@playwright/test';
import { type GzipSizes, isJs, jsTotals, loadedResources, probedContext, waitForMark, type JsTotals, type LoadedResource, type Marks } from './browser';

const LANDING_HEADING = 'The Future of Web3 Testing';
/** mfe-auth's /auth heading in sign-in mode. */
const AUTH_HEADING = 'Welcome Back';
/** The landing's hero link to /auth. */
const START_LINK = 'Start Testing Now';

export interface LandingSample {
  /** Navigation start → the frame that paints the landing heading. */
  visibleMs: number;
  /** Navigation start → the heading is in the DOM and visible (before that frame). */
  inDomMs: number;
  firstContentfulPaintMs: number | null;
  /** Click on "Start Testing Now" → the frame that paints /auth's heading (mfe_auth, not loaded before). */
  clickToFirstRemoteMs: number;
  jsBeforeFirstPaint: JsTotals | null;
  jsBeforeVisible: JsTotals;
  /** Everything loaded once the first remote route (/auth) has rendered: shell + first remote. */
  jsAtFirstRemote: JsTotals;
  /** Other resources (JSON manifests, remotes map, API calls) before the landing was visible. */
  otherBeforeVisible: LoadedResource[];
  /** Where the time to the visible landing went (ms since navigation start). */
  milestones: { documentEnd: number; mainJsEnd: number; lastJsEnd: number; sessionCallEnd: number };
  /** Where the click → /auth time went (ms after the click). */
  remoteMilestones: RemoteMilestones;
  pageErrors: string[];
}

/** The shell's Suspense fallback (FullPageSpinner) appearing after a click. */
export const FALLBACK_WATCH = { key: 'fallback', selector: '.sf-fullpage-center', text: '', prefix: true, afterClick: true };

/** Milestones of loading a remote route after a click, in ms after the click. */
export interface RemoteMilestones {
  /** The Suspense fallback painted (NaN if it never showed). */
  fallbackShown: number;
  firstRequestStart: number;
  manifestEnd: number;
  lastJsEnd: number;
  inDom: number;
  visible: number;
}

const maxOf = (values: number[]): number => (values.length ? Math.max(...values) : Number.NaN);

/** How the time between a click and a remote's heading being painted was spent. */
export const remoteMilestones = (resources: LoadedResource[], marks: Marks, visibleKey: string, prefix: string): RemoteMilestones => {
  const click = marks.click ?? Number.NaN;
  const domMark = marks[`${visibleKey}:dom`] ?? Number.NaN;
  const visibleMark = marks[visibleKey] ?? Number.NaN;
  const after = resources.filter((r) => r.startTime >= click && r.responseEnd <= visibleMark);
  const own = after.filter((r) => r.path.startsWith(prefix));
  return {
    fallbackShown: (marks[FALLBACK_WATCH.key] ?? Number.NaN) - click,
    firstRequestStart: after.length ? Math.min(...after.map((r) => r.startTime)) - click : Number.NaN,
    manifestEnd: maxOf(own.filter((r) => r.path.endsWith('mf-manifest.json')).map((r) => r.responseEnd)) - click,
    lastJsEnd: maxOf(own.filter(isJs).map((r) => r.responseEnd)) - click,
    inDom: domMark - click,
    visible: visibleMark - click,
  };
};

/**
 * One cold visit (fresh context, empty cache, signed out): `/` until the landing heading is
 * painted, then a click on the hero link to /auth (the visitor's first remote) until its
 * heading is painted.
 */
export const landingSample = async (browser: Browser, baseUrl: string, sizes: GzipSizes, options: { reducedMotion?: boolean } = {}): Promise<LandingSample> => {
  const context = await probedContext(
    browser,
    baseUrl,
    [{ key: 'landing', selector: 'h1', text: LANDING_HEADING }, { key: 'auth', selector: 'h1', text: AUTH_HEADING }, FALLBACK_WATCH],
    options,
  );
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto('/', { waitUntil: 'commit', timeout: 15_000 });
    const marks = await waitForMark(page, 'landing');
    const visibleMs = marks.landing ?? Number.NaN;
    const firstResources = await loadedResources(page);
    const before = (limit: number) => firstResources.filter((r) => r.responseEnd > 0 && r.responseEnd <= limit);
    // Paint timings arrive after the frame is presented; they are read again at the end.
    let fcp = marks['first-contentful-paint'];

    await page.getByRole('link', { name: START_LINK }).click({ timeout: 10_000 });
    const after = await waitForMark(page, 'auth');
    const allResources = await loadedResources(page);
    const authMs = after.auth ?? Number.NaN;
    fcp ??= after['first-contentful-paint'];
    const shown = before(visibleMs);
    const click = after.click ?? Number.NaN;
    return {
      milestones: {
        documentEnd: marks['document-response-end'] ?? Number.NaN,
        mainJsEnd: maxOf(shown.filter((r) => /^\/main\.[0-9a-f]+\.js$/.test(r.path)).map((r) => r.responseEnd)),
        lastJsEnd: maxOf(shown.filter(isJs).map((r) => r.responseEnd)),
        sessionCallEnd: maxOf(shown.filter((r) => r.path.startsWith('/api/auth/')).map((r) => r.responseEnd)),
      },
      remoteMilestones: remoteMilestones(allResources, after, 'auth', '/mfe/mfe_auth/'),
      visibleMs,
      inDomMs: marks['landing:dom'] ?? Number.NaN,
      firstContentfulPaintMs: fcp ?? null,
      clickToFirstRemoteMs: authMs - click,
      jsBeforeFirstPaint: fcp === undefined ? null : await jsTotals(before(fcp), sizes),
      jsBeforeVisible: await jsTotals(before(visibleMs), sizes),
      jsAtFirstRemote: await jsTotals(
        allResources.filter((r) => r.responseEnd > 0 && r.responseEnd <= authMs),
        sizes,
      ),
      otherBeforeVisible: shown.filter((r) => !isJs(r)),
      pageErrors,
    };
  } finally {
    await context.close();
  }
};
