import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRERENDERED_ATTRIBUTE } from './marker';
import { renderSignedOutPage } from './render-page';

/**
 * Run by the build after webpack (tooling/federation, prerender.ts): writes `landing.html`, the
 * built index.html with the landing's signed-out markup inside #root, which the gateway serves
 * at `/` to a visitor without a session, so the largest paint needs no script.
 */
const distDir = process.argv[2];
if (!distDir) throw new Error('usage: main.ts <shell dist folder>');

const page = await readFile(join(distDir, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!page.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}`);
const markup = renderSignedOutPage('/');
await writeFile(join(distDir, 'landing.html'), page.replace(emptyRoot, `<div id="root" ${PRERENDERED_ATTRIBUTE}="/">${markup}</div>`));
