import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FrontendApp } from '../apps';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

/**
 * Runs an app's prerender script (`FrontendApp.prerender`) in its own Node process, with the
 * TypeScript loader and stylesheets stubbed, and the app's dist folder as its argument. A
 * process of its own keeps React's server renderer and the loader hooks out of the build.
 */
export const runPrerender = async (root: string, app: FrontendApp): Promise<void> => {
  if (!app.prerender) return;
  const appDir = resolve(root, app.dir);
  const args = [
    '--import',
    require.resolve('tsx'),
    '--import',
    resolve(import.meta.dirname, 'register-css-stub.mjs'),
    resolve(appDir, app.prerender),
    resolve(appDir, 'dist'),
  ];
  // The base config, whose JSX setting covers the workspace packages too (an app's own config includes only its src).
  const env = { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: resolve(root, 'tsconfig.base.json') };
  await run(process.execPath, args, { cwd: appDir, env }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`prerendering ${app.name} failed: ${error.stderr || error.message}`);
  });
};
