import { resolve } from 'node:path';
import { findApp, frontendApps } from './apps';
import { buildFrontends } from './build';

// Usage: tsx tooling/federation/src/cli.ts build [app-dir ...]  (no app: all six)
const [command, ...targets] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '../../..');
if (command !== 'build') {
  console.error('usage: cli.ts build [app ...]');
  process.exit(2);
}
const apps = targets.length ? targets.map((t) => findApp(t === '.' ? resolve(process.cwd()).slice(root.length + 1) : t)) : frontendApps;
await buildFrontends(root, apps);
