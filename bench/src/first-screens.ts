import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromiumLaunchOptions } from '@starforge/launcher/chromium';
import { GzipSizes, jsTotals, loadedResources, type BrowserHolder, type JsTotals } from './lib/browser';
import { loadTasks, type LoadTasks } from './lib/load-tasks';
import { atMost, type BenchResult, type Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { fixed, kib, median } from './lib/stats';

const SCREENS = ['/', '/auth', '/pricing'] as const;
const RUNS = 2;
const MOBILE_SCORE_TARGET = 0.95;
const LCP_TARGET_MS = 1_500;
const TBT_TARGET_MS = 150;
const LANDING_JS_TARGET_KIB = 130;
/** Cold loads per screen traced for their main-thread tasks (thread CPU). */
const TRACED_VISITS = 5;

type FormFactor = 'mobile' | 'desktop';

interface LighthouseRun {
  screen: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The LCP element as Lighthouse names it. */
  lcpElement: string;
  consoleErrors: string[];
  /** Main-thread time per script (Lighthouse's bootup-time audit), largest first. */
  scripts: { url: string; totalMs: number; scriptingMs: number }[];
}

const score = (lhr: Result, category: string): number => lhr.categories[category]?.score ?? Number.NaN;
const numeric = (lhr: Result, audit: string): number => lhr.audits[audit]?.numericValue ?? Number.NaN;

const lcpElementOf = (lhr: Result): string => {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? '—';
};

const consoleErrorsOf = (lhr: Result): string[] => {
  const details = lhr.audits['errors-in-console']?.details as { items?: { description?: string; source?: string }[] } | undefined;
  return (details?.items ?? []).map((i) => `${i.source ?? ''}: ${i.description ?? ''}`.slice(0, 160));
};

const scriptsOf = (lhr: Result): LighthouseRun['scripts'] => {
  const details = lhr.audits['bootup-time']?.details as { items?: { url?: string; total?: number; scripting?: number }[] } | undefined;
  return (details?.items ?? []).map((i) => ({ url: i.url ?? '', totalMs: i.total ?? 0, scriptingMs: i.scripting ?? 0 })).sort((a, b) => b.totalMs - a.totalMs);
};

/** Lighthouse's own failures to record a load (NO_NAVSTART, NO_FCP...) that a second try usually gets past on a busy machine. */
const LIGHTHOUSE_TRIES = 3;

/** Lighthouse's mobile preset (its default: simulated slow 4G, 4× CPU slowdown) or its desktop preset. */
const runLighthouse = async (port: number, url: string, formFactor: FormFactor): Promise<Result> => {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] };
  for (let attempt = 1; ; attempt++) {
    const answer = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = answer.lhr.runtimeError;
    if (!failure) return answer.lhr;
    if (attempt >= LIGHTHOUSE_TRIES) throw new Error(`Lighthouse: ${failure.code} ${failure.message}`);
    console.log(`    Lighthouse could not record ${url} (${failure.code}); trying again`);
  }
};

/**
 * JS fetched before the largest paint, with the mobile preset's network and CPU applied in the
 * browser (Chrome's own throttling, Lighthouse's "devtools" values: 562.5 ms RTT, 1.47 Mbit/s
 * down, 4× CPU), so which scripts arrive before the paint is observed, not simulated.
 */
const jsBeforeLargestPaint = async (
  browser: BrowserHolder,
  baseUrl: string,
  sizes: GzipSizes,
  path: string,
): Promise<{ lcpMs: number; js: JsTotals; lcpTag: string }> => {
  const context = await (await browser.get()).newContext({ baseURL: baseUrl, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1_474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(1_500);
    const lcp = await page.evaluate(
      () =>
        new Promise<{ time: number; tag: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
            resolve({
              time: last?.startTime ?? Number.NaN,
              tag: last?.element ? `${last.element.tagName.toLowerCase()}${last.element.id ? `#${last.element.id}` : ''}` : '—',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const resources = await loadedResources(page);
    const js = await jsTotals(
      resources.filter((r) => r.responseEnd <= lcp.time),
      sizes,
    );
    return { lcpMs: lcp.time, js, lcpTag: lcp.tag };
  } finally {
    await context.close();
  }
};

const minOf = (values: number[]) => Math.min(...values);
const maxOf = (values: number[]) => Math.max(...values);

/**
 * The first screens a newcomer meets, as Lighthouse 12 scores them (mobile and desktop presets,
 * two runs each, side by side in one run), and the JavaScript the landing loads before its
 * largest paint on a throttled phone.
 */
export const firstScreensBench = async ({ stack, browser }: { stack: StackHolder; browser: BrowserHolder }): Promise<BenchResult> => {
  const running = await stack.get({ frontends: true });
  const sizes = new GzipSizes(running.ipUrl);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  });
  const runs: LighthouseRun[] = [];
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (let run = 1; run <= RUNS; run++) {
        // Side by side: each run measures every screen before the next run starts.
        for (const screen of SCREENS) {
          const lhr = await runLighthouse(chrome.port, `${running.url}${screen}`, formFactor);
          const measured: LighthouseRun = {
            screen,
            formFactor,
            performance: score(lhr, 'performance'),
            accessibility: score(lhr, 'accessibility'),
            bestPractices: score(lhr, 'best-practices'),
            lcpMs: numeric(lhr, 'largest-contentful-paint'),
            tbtMs: numeric(lhr, 'total-blocking-time'),
            cls: numeric(lhr, 'cumulative-layout-shift'),
            fcpMs: numeric(lhr, 'first-contentful-paint'),
            lcpElement: lcpElementOf(lhr),
            consoleErrors: consoleErrorsOf(lhr),
            scripts: scriptsOf(lhr),
          };
          runs.push(measured);
          console.log(
            `    ${formFactor} #${run} ${screen}: performance ${fixed(measured.performance, 2)}, LCP ${fixed(measured.lcpMs, 0)} ms, TBT ${fixed(measured.tbtMs, 0)} ms, a11y ${fixed(measured.accessibility, 2)}, best practices ${fixed(measured.bestPractices, 2)}`,
          );
        }
      }
    }
  } finally {
    chrome.kill();
  }

  console.log('  landing on a throttled phone: JS before the largest paint (3 visits)');
  const landingPaints = [];
  for (let i = 0; i < 3; i++) landingPaints.push(await jsBeforeLargestPaint(browser, running.url, sizes, '/'));
  const authPaint = await jsBeforeLargestPaint(browser, running.url, sizes, '/auth');

  console.log(`  main-thread tasks by thread CPU (${TRACED_VISITS} cold loads of each screen, side by side)`);
  const traced: { screen: string; tasks: LoadTasks }[] = [];
  for (let visit = 0; visit < TRACED_VISITS; visit++) {
    for (const screen of SCREENS) traced.push({ screen, tasks: await loadTasks(await browser.get(), `${running.url}${screen}`) });
  }
  // One more load each with a sampling profiler, only to say whose code its longest task ran.
  const profiled: { screen: string; tasks: LoadTasks }[] = [];
  for (const screen of SCREENS) profiled.push({ screen, tasks: await loadTasks(await browser.get(), `${running.url}${screen}`, { profiled: true }) });

  const of = (screen: string, formFactor: FormFactor) => runs.filter((r) => r.screen === screen && r.formFactor === formFactor);
  const figures: Figure[] = [];
  for (const screen of SCREENS) {
    const mobile = of(screen, 'mobile');
    const desktop = of(screen, 'desktop');
    const list = (values: number[], digits: number) => values.map((v) => fixed(v, digits)).join(' / ');
    const worstMobile = minOf(mobile.map((r) => r.performance));
    figures.push(
      {
        label: `${screen}: Lighthouse mobile performance (worst of ${RUNS})`,
        value: worstMobile,
        unit: '',
        decimals: 2,
        target: `≥ ${MOBILE_SCORE_TARGET}`,
        met: worstMobile >= MOBILE_SCORE_TARGET,
        note: list(
          mobile.map((r) => r.performance),
          2,
        ),
      },
      {
        label: `${screen}: Lighthouse desktop performance (worst of ${RUNS})`,
        value: minOf(desktop.map((r) => r.performance)),
        unit: '',
        decimals: 2,
        target: '1.00',
        met: minOf(desktop.map((r) => r.performance)) >= 0.995,
      },
      {
        label: `${screen}: LCP, mobile simulation (worst of ${RUNS})`,
        value: maxOf(mobile.map((r) => r.lcpMs)),
        unit: 'ms',
        decimals: 0,
        target: `≤ ${LCP_TARGET_MS} ms`,
        met: atMost(maxOf(mobile.map((r) => r.lcpMs)), LCP_TARGET_MS),
        note: list(
          mobile.map((r) => r.lcpMs),
          0,
        ),
      },
      {
        label: `${screen}: total blocking time, mobile simulation (worst of ${RUNS})`,
        value: maxOf(mobile.map((r) => r.tbtMs)),
        unit: 'ms',
        decimals: 0,
        target: `≤ ${TBT_TARGET_MS} ms`,
        met: atMost(maxOf(mobile.map((r) => r.tbtMs)), TBT_TARGET_MS),
        note: list(
          mobile.map((r) => r.tbtMs),
          0,
        ),
      },
      {
        label: `${screen}: accessibility (worst of every run)`,
        value: minOf([...mobile, ...desktop].map((r) => r.accessibility)),
        unit: '',
        decimals: 2,
        target: '1.00',
        met: minOf([...mobile, ...desktop].map((r) => r.accessibility)) >= 0.995,
      },
      {
        label: `${screen}: best practices (worst of every run)`,
        value: minOf([...mobile, ...desktop].map((r) => r.bestPractices)),
        unit: '',
        decimals: 2,
      },
    );
  }
  for (const screen of SCREENS) {
    const visits = traced.filter((t) => t.screen === screen).map((t) => t.tasks);
    const longest = median(visits.map((v) => v.longestTaskMs));
    figures.push(
      {
        label: `${screen}: longest main-thread task of the load, thread CPU, CPU not slowed (median of ${TRACED_VISITS})`,
        value: longest,
        unit: 'ms',
        decimals: 1,
        note: visits.map((v) => `${fixed(v.longestTaskMs, 1)} ${v.longestTask}`).join(' / '),
      },
      {
        label: `${screen}: whose code ran in the longest task, one more load with a 1 ms sampling profiler (its figures not counted above)`,
        value: profiled.find((p) => p.screen === screen)?.tasks.longestTaskMs ?? Number.NaN,
        unit: 'ms',
        decimals: 1,
        note: profiled.find((p) => p.screen === screen)?.tasks.longestTask ?? '—',
      },
      {
        label: `${screen}: blocking time at 4× CPU from thread CPU, after first contentful paint (median of ${TRACED_VISITS})`,
        value: median(visits.map((v) => v.blockingAt4xMs)),
        unit: 'ms',
        decimals: 0,
        note: visits.map((v) => fixed(v.blockingAt4xMs, 0)).join(' / '),
      },
      {
        label: `${screen}: main-thread CPU of the whole load, CPU not slowed (median of ${TRACED_VISITS})`,
        value: median(visits.map((v) => v.mainThreadCpuMs)),
        unit: 'ms',
        decimals: 0,
      },
    );
  }
  const landingJs = maxOf(landingPaints.map((p) => kib(p.js.gzip)));
  figures.push(
    {
      label: "/: JavaScript fetched before the landing's largest paint, throttled phone, gzip -9 (worst of 3)",
      value: landingJs,
      unit: 'KB',
      target: `≤ ${LANDING_JS_TARGET_KIB} KB`,
      met: atMost(landingJs, LANDING_JS_TARGET_KIB),
      note: `${landingPaints.map((p) => `${p.js.files} files`).join(' / ')}; LCP ${landingPaints.map((p) => `${fixed(p.lcpMs, 0)} ms on ${p.lcpTag}`).join(' / ')}`,
    },
    {
      label: '/auth: JavaScript fetched before its largest paint, throttled phone, gzip -9',
      value: kib(authPaint.js.gzip),
      unit: 'KB',
      note: `${authPaint.js.files} files; LCP ${fixed(authPaint.lcpMs, 0)} ms on ${authPaint.lcpTag}`,
    },
  );

  const errors = [...new Set(runs.flatMap((r) => r.consoleErrors))];
  return {
    name: 'screens',
    title: 'First screens: Lighthouse 12 (mobile and desktop presets) and the landing before its largest paint',
    command: 'pnpm bench screens',
    figures,
    tables: [
      {
        title: 'Every Lighthouse run (in the order they ran)',
        head: ['Preset', 'Screen', 'Performance', 'FCP', 'LCP', 'TBT', 'CLS', 'Accessibility', 'Best practices', 'LCP element'],
        rows: runs.map((r) => [
          r.formFactor,
          r.screen,
          fixed(r.performance, 2),
          `${fixed(r.fcpMs, 0)} ms`,
          `${fixed(r.lcpMs, 0)} ms`,
          `${fixed(r.tbtMs, 0)} ms`,
          fixed(r.cls, 3),
          fixed(r.accessibility, 2),
          fixed(r.bestPractices, 2),
          r.lcpElement.slice(0, 70),
        ]),
      },
      ...SCREENS.map((screen) => ({
        title: `${screen}: main-thread time by script in the last mobile run (Lighthouse's bootup-time, 4× CPU simulated)`,
        head: ['Script', 'Total', 'Scripting'],
        rows: (of(screen, 'mobile').at(-1)?.scripts ?? [])
          .slice(0, 8)
          .map((s) => [s.url.replace(running.url, ''), `${fixed(s.totalMs, 0)} ms`, `${fixed(s.scriptingMs, 0)} ms`]),
      })),
    ],
    notes: [
      `Lighthouse ${RUNS} runs per preset and screen, through the gateway on loopback, in Debian's Chromium (headless) launched by chrome-launcher; the mobile preset simulates slow 4G (150 ms RTT, 1.6 Mbit/s) and a 4× slower CPU from the trace it records on this machine, so a busier machine scores lower.`,
      `Median mobile performance: ${SCREENS.map((s) => `${s} ${fixed(median(of(s, 'mobile').map((r) => r.performance)), 2)}`).join(', ')}.`,
      `Thread-CPU figures: ${TRACED_VISITS} cold loads of each screen in a phone-sized page (412 × 823, CPU and network not slowed), traced; each top-level task of the page's main thread counted by its thread CPU time, which other load on the machine barely changes (Lighthouse multiplies observed wall time, which it does). "Blocking at 4×" is Σ max(0, 4 × CPU − 50 ms) over the tasks from first contentful paint to 3 s after load, Lighthouse's total blocking time with a 4× slower CPU. A sixth load of each screen runs a 1 ms sampling profiler, which costs the page CPU of its own, only to name the script whose code its longest task ran most ("code of …").`,
      'Lighthouse\'s bootup-time puts a task with no script event of its own under "Unattributable": besides parsing, style and layout, that is every task that resumes awaited code (a microtask checkpoint after scheduler.yield), which is how the shell and a remote now start, a part per task; the "code of" names above say whose code those are.',
      'The landing\'s "JavaScript before its largest paint" is observed, not simulated: a phone-sized page with Chrome\'s own network throttling (562.5 ms RTT, 1.47 Mbit/s) and 4× CPU slowdown; every script whose response ended before the LCP entry counts.',
      errors.length ? `Console errors Lighthouse saw: ${errors.slice(0, 5).join('; ')}` : 'Lighthouse saw no console error on any screen.',
    ],
  };
};
