import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ensureServicesCompiled } from './compile-services';
import { compiledEntry, ENGINE_WORKER, serviceEntry } from './service-entry';

describe('compiled services', () => {
  it('compiles what is stale, leaves what is current alone, and from then on starts the bundles', async () => {
    await ensureServicesCompiled(() => {});
    const lines: string[] = [];
    const before = (await stat(compiledEntry('rewards'))).mtimeMs;
    await ensureServicesCompiled((line) => lines.push(line));
    expect(lines).toEqual(['services are compiled and up to date']);
    expect((await stat(compiledEntry('rewards'))).mtimeMs).toBe(before);
    expect(serviceEntry('rewards')).toBe(compiledEntry('rewards'));

    // A stamp that no longer matches its inputs, as after an edit to one of them.
    const stampFile = `${compiledEntry('events')}.stamp.json`;
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as { hash: string };
    await writeFile(stampFile, JSON.stringify({ ...stamp, hash: 'edited' }));
    lines.length = 0;
    await ensureServicesCompiled((line) => lines.push(line));
    expect(lines).toEqual([expect.stringMatching(/^compiled events in \d+\.\d s$/)]);
  }, 60_000);

  it('keeps npm packages outside the bundle, imported by their files, and workspace files found beside their sources', async () => {
    await ensureServicesCompiled(() => {});
    const bundle = await readFile(compiledEntry('rewards'), 'utf8');
    expect(bundle).toMatch(/from "\.\.\/\.\.\/\.\.\/node_modules\/\.pnpm\/pg-boss@[^/]+\/node_modules\/pg-boss\//);
    expect(bundle).not.toMatch(/from "@starforge\//);
    // The kit's idempotency migrations, found from the kit's source file, not from the bundle.
    expect(bundle).toContain('new URL("../../../packages/service-kit/src/idempotency/migrations.ts", import.meta.url)');
  }, 60_000);

  it('compiles the rewards engine worker beside the service, its engine threads found beside their source', async () => {
    await ensureServicesCompiled(() => {});
    expect(compiledEntry(ENGINE_WORKER)).toMatch(/services\/rewards\/dist\/engine-worker\.js$/);
    expect(serviceEntry(ENGINE_WORKER)).toBe(compiledEntry(ENGINE_WORKER));
    const bundle = await readFile(compiledEntry(ENGINE_WORKER), 'utf8');
    expect(bundle).toContain('new URL("../../../packages/contract-engine/src/pool.ts", import.meta.url)');
    expect(bundle).not.toContain('createApp');
  }, 60_000);
});
