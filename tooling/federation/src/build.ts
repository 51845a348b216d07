import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import webpack from 'webpack';
import type { FrontendApp } from './apps';
import { runPrerender } from './prerender/run-prerender';
import { webpackConfig } from './webpack-config';

const STAMP = '.build-stamp';
const sharedInputs = ['packages/contracts/src', 'packages/host/src', 'packages/ui/src', 'tooling/federation/src', 'pnpm-lock.yaml'];

const listFiles = async (path: string): Promise<string[]> => {
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { withFileTypes: true, recursive: true }).catch(() => null);
  if (!entries) return [path]; // a file
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.test.ts') && !e.name.endsWith('.test.tsx'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
};

/** A hash of everything that goes into an app's build, so a stale build is rebuilt. */
export const sourceHash = async (root: string, app: FrontendApp): Promise<string> => {
  const hash = createHash('sha256');
  const inputs = [join(app.dir, 'src'), join(app.dir, 'package.json'), ...sharedInputs];
  for (const input of inputs) {
    for (const file of await listFiles(resolve(root, input))) {
      hash.update(file.slice(root.length)).update(await readFile(file));
    }
  }
  return hash.digest('hex');
};

export const isBuildCurrent = async (root: string, app: FrontendApp): Promise<boolean> => {
  const stamp = resolve(root, app.dir, 'dist', STAMP);
  if (!existsSync(stamp)) return false;
  return (await readFile(stamp, 'utf8')) === (await sourceHash(root, app));
};

const runCompiler = (compiler: webpack.MultiCompiler) =>
  new Promise<webpack.MultiStats>((resolvePromise, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => {});
      if (err) return reject(err);
      if (!stats) return reject(new Error('webpack returned no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolvePromise(stats);
    });
  });

/** Builds the given apps in production mode, two at a time (the machine has two cores). */
export const buildFrontends = async (root: string, apps: FrontendApp[], log: (line: string) => void = console.log): Promise<void> => {
  if (apps.length === 0) return;
  const hashes = await Promise.all(apps.map((app) => sourceHash(root, app)));
  const started = Date.now();
  log(`building ${apps.map((a) => a.dir).join(', ')}`);
  const configs = Object.assign(
    apps.map((app) => webpackConfig(app, { root, mode: 'production' })),
    { parallelism: 2 },
  );
  const multi = webpack(configs);
  for (const child of multi.compilers) {
    child.hooks.done.tap('progress', (stats) => log(`  built ${child.name} in ${((stats.endTime - stats.startTime) / 1000).toFixed(1)} s`));
  }
  await runCompiler(multi);
  await Promise.all(apps.map((app) => runPrerender(root, app)));
  await Promise.all(apps.map((app, i) => writeFile(resolve(root, app.dir, 'dist', STAMP), hashes[i] ?? '')));
  log(`frontends built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};
