import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import type { DashboardSlot } from '@starforge/contracts/shared';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import { loadedResources, probedContext, waitForMark, type BrowserHolder, type Marks, type Watch } from './lib/browser';
import { layoutShiftProbe, readLayoutShifts, type LayoutShift } from './lib/layout-shift';
import { atMost, type BenchResult, type Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { fixed, median, percentile } from './lib/stats';

const WIDGET_TARGET_MS = 800;
const CLS_TARGET = 0.02;
const CLICK_TARGET_MS = 150;
/** How long a visitor looks at a page before clicking on it: the shell's idle preloading has this long. */
const READING_MS = 2_000;
/** How long after the last widget painted the layout is still watched for shifts. */
const SETTLE_MS = 1_000;
/** Completed test runs the bench account has, so the Testing Engine's history is a list, as for any active user. */
const ACCOUNT_TEST_RUNS = 3;

/**
 * This bench's figures on the code before issue 18's changes (widgets loaded when /dashboard
 * rendered, a small spinner card as each slot's placeholder, remotes preloaded on hover and focus
 * only), kept to compare each run with. Keyed by figure label, median then p95 for timings.
 */
const BEFORE = {
  code: '96ee7c0',
  date: '2026-11-25, 9 % foreign CPU during the run',
  ms: {
    'dashboard-stats': [751, 1165],
    'nft-minting-wizard': [723, 1100],
    'testing-engine': [751, 1165],
    'token-panel': [751, 1165],
    every: [751, 1165],
    welcome: [423, 485],
    auth: [112, 131],
    marketplace: [110, 151],
  },
  cls: { median: 0.0221, worst: 0.2678 },
} as const;

/** A widget's content, not its skeleton: what must be in the page for the slot to count as painted. */
const widgets: Record<DashboardSlot, { label: string; selector: string }> = {
  'dashboard-stats': {
    label: 'Stat cards',
    selector: '[data-slot="dashboard-stats"] [data-testid="dashboard-stats"]:not(:has([aria-busy="true"]))',
  },
  'nft-minting-wizard': { label: 'Minting wizard', selector: '[data-slot="nft-minting-wizard"] .nft-wizard' },
  'testing-engine': { label: 'Testing Engine (its run history listed)', selector: '[data-slot="testing-engine"] .rewards-history-list' },
  'token-panel': { label: 'Token panel', selector: '[data-slot="token-panel"] .rewards-tokens:not([aria-busy="true"])' },
};
const slots = Object.keys(widgets) as DashboardSlot[];

const VIEWPORTS = {
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  wide: { width: 1920, height: 1080 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

interface DashboardSample {
  welcomeMs: number;
  /** Navigation start → the frame that paints each widget's content. */
  widgetMs: Record<DashboardSlot, number>;
  lastWidgetMs: number;
  cls: number;
  shifts: LayoutShift[];
  /** Each slot's height once its content painted and the page settled. */
  slotHeights: Record<DashboardSlot, number>;
  /** Click on the Marketplace card READING_MS after the last widget → the frame that paints h1 'Marketplace'. */
  clickToMarketplaceMs: number;
  marketplaceFetchedBeforeClick: boolean;
  pageErrors: string[];
}

const slotWatches: Watch[] = slots.map((slot) => ({ key: slot, selector: widgets[slot].selector, text: '', prefix: true }));

/**
 * One signed-in visit in a fresh context: a password sign-in through the API (the refresh
 * cookie lands in the context), /dashboard until every widget's content has painted, the
 * layout watched SETTLE_MS longer; then, READING_MS after the last widget, a click on the
 * Marketplace card until its screen's heading paints.
 */
const dashboardSample = async (browser: Browser, baseUrl: string, account: BenchAccount, viewport: ViewportName): Promise<DashboardSample> => {
  const context = await probedContext(
    browser,
    baseUrl,
    [
      { key: 'welcome', selector: 'h1', text: 'Welcome back', prefix: true },
      ...slotWatches,
      { key: 'marketplace', selector: 'h1', text: 'Marketplace', afterClick: true },
    ],
    { viewport: VIEWPORTS[viewport], initScripts: [layoutShiftProbe] },
  );
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const signIn = await page.request.post('/api/auth/token?grant_type=password', {
      data: { email: account.email, password: account.password },
      timeout: 15_000,
    });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}: ${(await signIn.text()).slice(0, 200)}`);

    await page.goto('/dashboard', { waitUntil: 'commit', timeout: 15_000 });
    let marks: Marks = {};
    for (const key of ['welcome', ...slots]) marks = await waitForMark(page, key);
    const widgetMs = Object.fromEntries(slots.map((slot) => [slot, marks[slot] ?? Number.NaN])) as Record<DashboardSlot, number>;
    const lastWidgetMs = Math.max(...Object.values(widgetMs));
    await page.waitForTimeout(SETTLE_MS);
    const { cls, shifts } = await readLayoutShifts(page);
    const slotHeights = await page.evaluate(
      (names) => Object.fromEntries(names.map((slot) => [slot, document.querySelector(`[data-slot="${slot}"]`)?.getBoundingClientRect().height ?? Number.NaN])),
      slots,
    );

    await page.waitForTimeout(Math.max(0, READING_MS - SETTLE_MS));
    const before = await loadedResources(page);
    await page.getByRole('link', { name: /^Marketplace\b/ }).click({ timeout: 10_000 });
    const after = await waitForMark(page, 'marketplace');
    return {
      welcomeMs: marks.welcome ?? Number.NaN,
      widgetMs,
      lastWidgetMs,
      cls,
      shifts,
      slotHeights: slotHeights as Record<DashboardSlot, number>,
      clickToMarketplaceMs: (after.marketplace ?? Number.NaN) - (after.click ?? Number.NaN),
      marketplaceFetchedBeforeClick: before.some((r) => r.path.startsWith('/mfe/mfe_marketplace/')),
      pageErrors,
    };
  } finally {
    await context.close();
  }
};

interface LandingClickSample {
  landingMs: number;
  /** Click on the top bar's 'Sign In' READING_MS after the landing painted → the frame that paints /auth's heading. */
  clickToAuthMs: number;
  authFetchedBeforeClick: boolean;
}

/** One cold signed-out visit: / until its heading paints, READING_MS of reading, then 'Sign In'. */
const landingClickSample = async (browser: Browser, baseUrl: string): Promise<LandingClickSample> => {
  const context = await probedContext(browser, baseUrl, [
    { key: 'landing', selector: 'h1', text: 'The Future of Web3 Testing' },
    { key: 'auth', selector: 'h1', text: 'Welcome Back', afterClick: true },
  ]);
  try {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'commit', timeout: 15_000 });
    const marks = await waitForMark(page, 'landing');
    await page.waitForTimeout(READING_MS);
    const before = await loadedResources(page);
    await page.getByRole('link', { name: 'Sign In', exact: true }).click({ timeout: 10_000 });
    const after = await waitForMark(page, 'auth');
    return {
      landingMs: marks.landing ?? Number.NaN,
      clickToAuthMs: (after.auth ?? Number.NaN) - (after.click ?? Number.NaN),
      authFetchedBeforeClick: before.some((r) => r.path.startsWith('/mfe/mfe_auth/')),
    };
  } finally {
    await context.close();
  }
};

/** The bench account: signed up once, with ACCOUNT_TEST_RUNS finished test runs. */
const benchAccount = async (ipUrl: string): Promise<BenchAccount> => {
  const account = await signUpAccount(ipUrl, 'dashboard', { first: 'Dash', last: 'Board' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
  for (let i = 0; i < ACCOUNT_TEST_RUNS; i++) {
    const res = await fetch(`${ipUrl}/api/rewards/test-runs`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ network: 'sepolia', test_type: 'smart_contract' }),
    });
    if (res.status !== 201) throw new Error(`starting a test run answered ${res.status}: ${await res.text()}`);
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${ipUrl}/api/rewards/test-runs`, { headers });
    const { test_runs: runs } = (await res.json()) as { test_runs: { status: string }[] };
    if (runs.length === ACCOUNT_TEST_RUNS && runs.every((r) => r.status !== 'running')) return account;
    if (Date.now() > deadline) throw new Error(`the bench account's test runs did not finish: ${JSON.stringify(runs)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const msFigures = (label: string, values: number[], target?: number): Figure[] =>
  ([50, 95] as const).map((p) => {
    const value = percentile(values, p);
    return {
      label: `${label}: ${p === 50 ? 'median' : 'p95'}`,
      value,
      unit: 'ms',
      decimals: 0,
      ...(target === undefined ? {} : { target: `≤ ${target} ms`, met: atMost(value, target) }),
    };
  });

/** The largest shifts across samples, by what moved, for the notes. */
const shiftSummary = (samples: DashboardSample[]): string => {
  const bySource = new Map<string, { total: number; count: number }>();
  for (const s of samples)
    for (const shift of s.shifts) {
      const key = shift.sources.join(' + ') || '(no source)';
      const entry = bySource.get(key) ?? { total: 0, count: 0 };
      entry.total += shift.value;
      entry.count += 1;
      bySource.set(key, entry);
    }
  const top = [...bySource].sort((a, b) => b[1].total - a[1].total).slice(0, 5);
  return top.length ? top.map(([what, { total, count }]) => `${what} (${count} shifts, ${fixed(total / samples.length, 4)} a visit)`).join('; ') : 'none';
};

/**
 * The dashboard as a signed-in user opens it (each widget's content from its remote, the
 * layout's stability) and two clicks on links to remote screens after a visitor has read the
 * page for a moment: the landing's 'Sign In' and the dashboard's Marketplace card.
 */
export const dashboardTimingsBench = async ({
  stack,
  browser,
  samples = 20,
  diagnosticSamples = 5,
}: {
  stack: StackHolder;
  browser: BrowserHolder;
  samples?: number;
  diagnosticSamples?: number;
}): Promise<BenchResult> => {
  const running = await stack.get({ frontends: true });
  const b = await browser.get();
  const account = await benchAccount(running.ipUrl);

  console.log(`  dashboard (laptop ${VIEWPORTS.laptop.width}×${VIEWPORTS.laptop.height}): 1 warm-up + ${samples} signed-in visits`);
  await dashboardSample(b, running.url, account, 'laptop');
  const laptop: DashboardSample[] = [];
  for (let i = 0; i < samples; i++) {
    const s = await dashboardSample(b, running.url, account, 'laptop');
    laptop.push(s);
    console.log(
      `    #${i + 1}: ${slots.map((slot) => `${slot} ${fixed(s.widgetMs[slot], 0)}`).join(', ')} ms; CLS ${fixed(s.cls, 4)}; click → Marketplace ${fixed(s.clickToMarketplaceMs, 0)} ms`,
    );
  }
  const byViewport: Partial<Record<ViewportName, DashboardSample[]>> = { laptop };
  for (const viewport of ['phone', 'wide'] as const) {
    console.log(`  dashboard (${viewport} ${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height}): ${diagnosticSamples} visits`);
    const list: DashboardSample[] = [];
    for (let i = 0; i < diagnosticSamples; i++) list.push(await dashboardSample(b, running.url, account, viewport));
    byViewport[viewport] = list;
  }

  console.log(`  landing → Sign In: 1 warm-up + ${samples} signed-out visits`);
  await landingClickSample(b, running.url);
  const landing: LandingClickSample[] = [];
  for (let i = 0; i < samples; i++) {
    const s = await landingClickSample(b, running.url);
    landing.push(s);
    console.log(`    #${i + 1}: click → /auth ${fixed(s.clickToAuthMs, 0)} ms (mfe_auth fetched before the click: ${s.authFetchedBeforeClick ? 'yes' : 'no'})`);
  }

  const cls = laptop.map((s) => s.cls);
  const figures: Figure[] = [
    ...slots.flatMap((slot) =>
      msFigures(
        `Navigation start → ${widgets[slot].label} painted`,
        laptop.map((s) => s.widgetMs[slot]),
        WIDGET_TARGET_MS,
      ),
    ),
    ...msFigures(
      'Navigation start → every widget painted (the last of the four)',
      laptop.map((s) => s.lastWidgetMs),
      WIDGET_TARGET_MS,
    ),
    ...msFigures(
      'Navigation start → welcome line painted',
      laptop.map((s) => s.welcomeMs),
    ),
    { label: 'Cumulative Layout Shift: median', value: median(cls), unit: '', decimals: 4 },
    {
      label: 'Cumulative Layout Shift: worst visit',
      value: Math.max(...cls),
      unit: '',
      decimals: 4,
      target: `≤ ${CLS_TARGET}`,
      met: atMost(Math.max(...cls), CLS_TARGET),
    },
    ...msFigures(
      `Signed out: click 'Sign In' ${READING_MS / 1000} s after the landing painted → /auth heading painted`,
      landing.map((s) => s.clickToAuthMs),
      CLICK_TARGET_MS,
    ),
    ...msFigures(
      `Signed in: click the Marketplace card ${READING_MS / 1000} s after the widgets painted → heading 'Marketplace' painted`,
      laptop.map((s) => s.clickToMarketplaceMs),
      CLICK_TARGET_MS,
    ),
  ];

  const viewportRows = (['phone', 'laptop', 'wide'] as const).map((viewport) => {
    const list = byViewport[viewport] ?? [];
    return [
      `${viewport} ${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height} (${list.length} visits)`,
      ...slots.map((slot) => `${fixed(median(list.map((s) => s.widgetMs[slot])), 0)} / ${fixed(median(list.map((s) => s.slotHeights[slot])), 0)}`),
      `${fixed(median(list.map((s) => s.cls)), 4)} / ${fixed(Math.max(...list.map((s) => s.cls)), 4)}`,
    ];
  });
  const p50p95 = (values: number[]) => `${fixed(median(values), 0)} / ${fixed(percentile(values, 95), 0)}`;
  const beforeAfter: string[][] = [
    ...slots.map((slot) => [`${widgets[slot].label} painted (ms)`, BEFORE.ms[slot].join(' / '), p50p95(laptop.map((s) => s.widgetMs[slot]))]),
    ['Every widget painted (ms)', BEFORE.ms.every.join(' / '), p50p95(laptop.map((s) => s.lastWidgetMs))],
    ['Welcome line painted (ms)', BEFORE.ms.welcome.join(' / '), p50p95(laptop.map((s) => s.welcomeMs))],
    ['CLS (median / worst visit)', `${BEFORE.cls.median} / ${BEFORE.cls.worst}`, `${fixed(median(cls), 4)} / ${fixed(Math.max(...cls), 4)}`],
    ["Click 'Sign In' → /auth painted (ms)", BEFORE.ms.auth.join(' / '), p50p95(landing.map((s) => s.clickToAuthMs))],
    ['Click Marketplace → /marketplace painted (ms)', BEFORE.ms.marketplace.join(' / '), p50p95(laptop.map((s) => s.clickToMarketplaceMs))],
  ];
  const errors = [...new Set(Object.values(byViewport).flatMap((list) => list.flatMap((s) => s.pageErrors)))];
  const preloadedMarketplace = laptop.filter((s) => s.marketplaceFetchedBeforeClick).length;
  const preloadedAuth = landing.filter((s) => s.authFetchedBeforeClick).length;

  return {
    name: 'dashboard',
    title: 'Dashboard widgets, layout shift and clicks to remote screens in Chromium (loopback)',
    command: 'pnpm bench dashboard',
    figures,
    tables: [
      {
        title: `Before issue 18's changes (code ${BEFORE.code}, ${BEFORE.date}) and this run, at ${VIEWPORTS.laptop.width}×${VIEWPORTS.laptop.height}: median / p95`,
        head: ['Figure', 'Before', 'This run'],
        rows: beforeAfter,
      },
      {
        title: `Dashboard samples at ${VIEWPORTS.laptop.width}×${VIEWPORTS.laptop.height} (ms since navigation start; the click in ms after it)`,
        head: ['#', 'welcome', ...slots, 'CLS', 'click → Marketplace', 'mfe_marketplace fetched before the click'],
        rows: laptop.map((s, i) => [
          String(i + 1),
          fixed(s.welcomeMs, 0),
          ...slots.map((slot) => fixed(s.widgetMs[slot], 0)),
          fixed(s.cls, 4),
          fixed(s.clickToMarketplaceMs, 0),
          s.marketplaceFetchedBeforeClick ? 'yes' : 'no',
        ]),
      },
      {
        title: 'Per width: median ms to each widget painted / its slot height in px once settled; CLS median / worst',
        head: ['Viewport', ...slots, 'CLS'],
        rows: viewportRows,
      },
      {
        title: "Landing → 'Sign In' samples (ms)",
        head: ['#', 'landing heading painted', 'click → /auth heading painted', 'mfe_auth fetched before the click'],
        rows: landing.map((s, i) => [String(i + 1), fixed(s.landingMs, 0), fixed(s.clickToAuthMs, 0), s.authFetchedBeforeClick ? 'yes' : 'no']),
      },
    ],
    notes: [
      `Each visit is a fresh browser context (empty cache); one warm-up visit of each kind ran first and is not counted; p95 interpolates between the two slowest of ${samples}. Dashboard visits sign in one account through POST /api/auth/token (the refresh cookie lands in the context); it has ${ACCOUNT_TEST_RUNS} finished test runs, so the Testing Engine's history is a list as for any active user.`,
      `A widget counts as painted at the start of the animation frame after its content (not a skeleton) entered the DOM and passed checkVisibility(): ${slots.map((slot) => `${slot}: \`${widgets[slot].selector}\``).join('; ')}.`,
      `CLS is the largest session window of layout-shift entries without recent input (gaps under 1 s, windows under 5 s), from the navigation until ${SETTLE_MS} ms after the last widget painted. What moved, summed over the ${laptop.length} laptop visits: ${shiftSummary(laptop)}.`,
      `The clicks come ${READING_MS} ms after the page painted (a visitor reading it), so the shell's preloading when the browser is idle has had that long; Playwright's click moves the pointer onto the link and presses at once, so the preload on hover gets almost no head start. mfe_marketplace was fetched before the click in ${preloadedMarketplace} of ${laptop.length} dashboard visits, mfe_auth in ${preloadedAuth} of ${landing.length} landing visits.`,
      ...(errors.length ? [`Page errors seen: ${errors.slice(0, 5).join('; ')}`] : []),
    ],
  };
};
