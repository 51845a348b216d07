import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FrontendApp } from '../apps';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

/** The script and its arguments: the shell's own prerender, or the snapshot of a remote's public screens. */
const scriptFor = (app: FrontendApp, appDir: string): string[] | null => {
  const dist = resolve(appDir, 'dist');
  if (app.prerender) return [resolve(appDir, app.prerender), dist];
  if (app.snapshots) return [resolve(import.meta.dirname, 'snapshot-remote.ts'), app.name, appDir, dist];
  return null;
};

/**
 * Runs an app's prerender after its build in a Node process of its own, with the TypeScript
 * loader and stylesheets stubbed: React's server renderer and the loader hooks stay out of the
 * build, and the app's code runs as it is.
 */
export const runPrerender = async (root: string, app: FrontendApp): Promise<void> => {
  const appDir = resolve(root, app.dir);
  const script = scriptFor(app, appDir);
  if (!script) return;
  const args = ['--import', require.resolve('tsx'), '--import', resolve(import.meta.dirname, 'register-css-stub.mjs'), ...script];
  // The base config, whose JSX setting covers the workspace packages too (an app's own config includes only its src).
  const env = { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: resolve(root, 'tsconfig.base.json') };
  await run(process.execPath, args, { cwd: appDir, env }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`prerendering ${app.name} failed: ${error.stderr || error.message}`);
  });
};
