import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FRAME_ROOT, OUTLET_MARKER, PRERENDERED_ATTRIBUTE } from '@starforge/contracts/shared';
import { paintFirst } from './paint-first';
import { renderFrame, renderSignedOutPage } from './render-page';

/**
 * Run by the build after webpack (tooling/federation, prerender/): writes, from the built
 * index.html,
 * - `landing.html`: the landing's signed-out markup inside #root, which the gateway serves at `/`
 *   to a visitor without a session, so the largest paint needs no script (then hydrated);
 * - `frame.html`: the layout with its outlet marked, in which the gateway shows a remote's
 *   snapshot of a public screen (e.g. /auth) until the remote has loaded.
 * Both run main.js after their first paint (paint-first.ts).
 */
const distDir = process.argv[2];
if (!distDir) throw new Error('usage: main.ts <shell dist folder>');

const built = paintFirst(await readFile(join(distDir, 'index.html'), 'utf8'));
await writeFile(join(distDir, built.loaderFile), built.loaderSource);
const page = built.html;
const emptyRoot = '<div id="root"></div>';
if (!page.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}`);
await writeFile(join(distDir, 'landing.html'), page.replace(emptyRoot, `<div id="root" ${PRERENDERED_ATTRIBUTE}="/">${renderSignedOutPage('/')}</div>`));

const frame = renderFrame();
if (!frame.includes(OUTLET_MARKER)) throw new Error(`the frame has no ${OUTLET_MARKER}`);
await writeFile(join(distDir, 'frame.html'), page.replace(emptyRoot, `${FRAME_ROOT}${frame}</div>`));
