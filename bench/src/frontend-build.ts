import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { buildFrontends, frontendApps, remoteApps, shellApp, type FrontendApp } from '@starforge/federation';
import { repoRoot } from '@starforge/launcher/paths';
import { GzipSizes, type BrowserHolder, type JsTotals } from './lib/browser';
import { landingSample, type LandingSample } from './lib/landing';
import { atMost, type BenchResult, type Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { fixed, kib, sum } from './lib/stats';

const BUILD_TARGET_S = 180;
const FIRST_LOAD_TARGET_KIB = 170;

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

interface RemoteSizes {
  name: string;
  entry: FileSize;
  routesSync: FileSize[];
  routesAsync: FileSize[];
  /** remoteEntry.js + the './routes' chunks: what the shell fetches to show the remote's first route. */
  firstRouteGzip: number;
}

interface Manifest {
  exposes?: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
  shared?: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** What each shell file holds: the shared packages mf-manifest.json names for it, else a guess from its content. */
const shellFileContents = async (files: string[]): Promise<Map<string, string>> => {
  const dist = distOf(shellApp);
  const manifest = JSON.parse(await readFile(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const contents = new Map<string, string[]>();
  for (const s of manifest.shared ?? []) for (const f of [...s.assets.js.sync, ...s.assets.js.async]) contents.set(f, [...(contents.get(f) ?? []), s.name]);
  const out = new Map<string, string>();
  for (const file of files) {
    const named = contents.get(file);
    if (named) out.set(file, `shared: ${named.join(', ')}`);
    else if (/^main\./.test(file)) out.set(file, 'entry (index.html): webpack + federation runtime');
    else if ((await readFile(join(dist, file), 'utf8')).includes('ZodError')) out.set(file, 'zod (by content)');
    else out.set(file, '');
  }
  return out;
};

const gzipSize = async (path: string): Promise<FileSize> => {
  const body = await readFile(path);
  return { file: path.split('/').pop() ?? path, raw: body.length, gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length };
};

const distOf = (app: FrontendApp) => join(repoRoot, app.dir, 'dist');

/** The scripts index.html references (the shell's entry). */
const shellIndexScripts = async (): Promise<FileSize[]> => {
  const html = await readFile(join(distOf(shellApp), 'index.html'), 'utf8');
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '').filter((s) => s.endsWith('.js'));
  return Promise.all(sources.map((src) => gzipSize(join(distOf(shellApp), src.replace(/^\//, '')))));
};

const remoteSizes = async (app: FrontendApp): Promise<RemoteSizes> => {
  const dist = distOf(app);
  const manifest = JSON.parse(await readFile(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const routes = manifest.exposes?.find((e) => e.path === './routes');
  if (!routes) throw new Error(`${app.name}: mf-manifest.json exposes no './routes'`);
  const jsOnly = (files: string[]) => files.filter((f) => f.endsWith('.js'));
  const entry = await gzipSize(join(dist, 'remoteEntry.js'));
  const routesSync = await Promise.all(jsOnly(routes.assets.js.sync).map((f) => gzipSize(join(dist, f))));
  const routesAsync = await Promise.all(jsOnly(routes.assets.js.async).map((f) => gzipSize(join(dist, f))));
  const firstRouteGzip = entry.gzip + sum(routesSync.map((f) => f.gzip)) + sum(routesAsync.map((f) => f.gzip));
  return { name: app.name, entry, routesSync, routesAsync, firstRouteGzip };
};

const kb = (bytes: number) => `${fixed(kib(bytes))} KB`;
const totalsText = (t: JsTotals) => `${t.files} files, ${kb(t.gzip)} gzip, ${kb(t.raw)} raw`;

/**
 * Cold production build of the six frontends (dist/ deleted first; webpack keeps no disk
 * cache), then gzip -9 sizes: the shell's entry and the JS the browser actually loads before
 * the landing paints, and each remote's remoteEntry.js plus its './routes' chunks.
 */
export const frontendBuildBench = async ({ stack, browser }: { stack: StackHolder; browser: BrowserHolder }): Promise<BenchResult> => {
  const notes: string[] = [];
  for (const app of frontendApps) await rm(distOf(app), { recursive: true, force: true });

  const perApp = new Map<string, number>();
  const started = process.hrtime.bigint();
  await buildFrontends(repoRoot, frontendApps, (line) => {
    console.log(`  ${line}`);
    const m = /built (\S+) in ([\d.]+) s/.exec(line);
    if (m?.[1] && m[2]) perApp.set(m[1], Number(m[2]));
  });
  const buildS = Number(process.hrtime.bigint() - started) / 1e9;

  const indexScripts = await shellIndexScripts();
  const shellFiles = (await readdir(distOf(shellApp))).filter((f) => f.endsWith('.js'));
  const shellAll = await Promise.all(shellFiles.map((f) => gzipSize(join(distOf(shellApp), f))));
  const remotes = await Promise.all(remoteApps.map(remoteSizes));
  const contents = await shellFileContents(shellFiles);

  // The shell's initial JS, as the browser loads it: one cold visit to the landing page.
  let visit: LandingSample | null = null;
  try {
    const running = await stack.get({ frontends: true });
    const sizes = new GzipSizes(running.ipUrl);
    const b = await browser.get();
    await landingSample(b, running.url, sizes); // warm-up: first requests after start
    visit = await landingSample(b, running.url, sizes);
    const encoding = await sizes.servesCompressed(`/${indexScripts[0]?.file ?? 'remotes.json'}`);
    notes.push(
      encoding
        ? `The gateway serves JS with content-encoding ${encoding}; gzip figures are still our own gzip -9 of each file.`
        : 'The gateway serves JS uncompressed (no content-encoding even for a browser that accepts gzip/br), so "transferred" equals raw; every gzip figure is our own gzip -9 of each file.',
    );
    if (visit.pageErrors.length) notes.push(`Page errors during the visit: ${visit.pageErrors.join('; ')}`);
  } catch (error) {
    notes.push(`The browser measurement failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  const firstRemote = visit?.jsAtFirstRemote ?? null;
  const shellBeforeVisible = visit?.jsBeforeVisible ?? null;

  const figures: Figure[] = [
    {
      label: 'Cold production build, all six frontends (wall clock, 2 at a time)',
      value: buildS,
      unit: 's',
      target: `≤ ${BUILD_TARGET_S} s`,
      met: atMost(buildS, BUILD_TARGET_S),
    },
    {
      label: `Shell entry: scripts in index.html (${indexScripts.map((s) => s.file).join(', ')}), gzip`,
      value: kib(sum(indexScripts.map((s) => s.gzip))),
      unit: 'KB',
    },
    {
      label: 'Shell JS loaded before first contentful paint (browser), gzip',
      value: visit?.jsBeforeFirstPaint ? kib(visit.jsBeforeFirstPaint.gzip) : null,
      unit: 'KB',
      ...(visit?.jsBeforeFirstPaint ? { note: `${visit.jsBeforeFirstPaint.files} files` } : {}),
    },
    {
      label: 'Shell JS loaded before the landing heading is visible (browser), gzip',
      value: shellBeforeVisible ? kib(shellBeforeVisible.gzip) : null,
      unit: 'KB',
      ...(shellBeforeVisible ? { note: `${shellBeforeVisible.files} files` } : {}),
    },
    {
      label: 'Shell + first remote: all JS once /auth (mfe_auth) has rendered after the landing (browser), gzip',
      value: firstRemote ? kib(firstRemote.gzip) : null,
      unit: 'KB',
      target: `≤ ${FIRST_LOAD_TARGET_KIB} KB`,
      met: firstRemote ? atMost(kib(firstRemote.gzip), FIRST_LOAD_TARGET_KIB) : undefined,
      ...(firstRemote ? { note: `${firstRemote.files} files` } : {}),
    },
    {
      label: 'All shell JS files in dist (upper bound, incl. duplicate and never-loaded chunks), gzip',
      value: kib(sum(shellAll.map((f) => f.gzip))),
      unit: 'KB',
      note: `${shellAll.length} files`,
    },
  ];
  for (const r of remotes) {
    figures.push({
      label: `${r.name}: remoteEntry.js + './routes' chunks (sync + async, as mf-manifest.json lists them), gzip`,
      value: kib(r.firstRouteGzip),
      unit: 'KB',
    });
  }

  const loadedBeforeVisible = new Set(shellBeforeVisible?.paths.map((p) => p.replace(/^\//, '')) ?? []);
  return {
    name: 'frontend',
    title: 'Frontend build time and bundle sizes',
    command: 'pnpm bench frontend',
    figures,
    tables: [
      {
        title: 'Build time per app (webpack compile, as reported by buildFrontends; two compile at once)',
        head: ['App', 'Compile time'],
        rows: frontendApps.map((a) => [a.name, perApp.has(a.name) ? `${fixed(perApp.get(a.name) ?? Number.NaN)} s` : '—']),
      },
      {
        title:
          "Remotes: entry and './routes' chunks as each mf-manifest.json lists them, gzip -9 (an upper bound: the async list includes fallback chunks of shared packages that the shell already provides, which the browser does not fetch)",
        head: ['Remote', 'remoteEntry.js', 'routes sync', 'routes async', 'entry + routes', 'shell (before landing) + this remote, upper bound'],
        rows: remotes.map((r) => [
          r.name,
          kb(r.entry.gzip),
          `${kb(sum(r.routesSync.map((f) => f.gzip)))} (${r.routesSync.length})`,
          `${kb(sum(r.routesAsync.map((f) => f.gzip)))} (${r.routesAsync.length})`,
          kb(r.firstRouteGzip),
          shellBeforeVisible ? kb(shellBeforeVisible.gzip + r.firstRouteGzip) : '—',
        ]),
      },
      {
        title: 'Shell JS files (gzip -9), and whether the browser loaded each before the landing was visible',
        head: ['File', 'Holds', 'Raw', 'Gzip', 'Before landing visible'],
        rows: shellAll
          .sort((a, b) => b.gzip - a.gzip)
          .map((f) => [f.file, contents.get(f.file) ?? '', kb(f.raw), kb(f.gzip), visit ? (loadedBeforeVisible.has(f.file) ? 'yes' : 'no') : '—']),
      },
      ...(visit
        ? [
            {
              title: 'What the browser loaded (one cold visit after a warm-up visit)',
              head: ['Moment', 'JS'],
              rows: [
                ['Before first contentful paint', visit.jsBeforeFirstPaint ? totalsText(visit.jsBeforeFirstPaint) : '—'],
                ['Before the landing heading is visible', totalsText(visit.jsBeforeVisible)],
                ['Once /auth (first remote) has rendered', totalsText(visit.jsAtFirstRemote)],
                [
                  '  of which from /mfe/mfe_auth/',
                  visit.jsAtFirstRemote.paths
                    .filter((p) => p.startsWith('/mfe/'))
                    .map((p) => p.split('/').pop())
                    .join(', ') || 'none',
                ],
              ],
            },
          ]
        : []),
    ],
    notes: [
      'Build: every dist/ deleted, then buildFrontends(repoRoot, frontendApps) from @starforge/federation (production, swc minifier, two compilers at a time); webpack has no persistent cache here, so each run is cold.',
      'Browser figures: Chromium, fresh context (empty cache) signed out; Resource Timing entries whose responseEnd is before the moment; sizes are distinct JS files. These carry the 170 KB target; the static per-remote sums are upper bounds.',
      "A remote's own copies of the shared packages (React, router, jotai, the host contract) are not counted for the remote: the shell provides them as singletons. The browser row below lists the files it actually fetched from the first remote.",
      ...notes,
    ],
  };
};
