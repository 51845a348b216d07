import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '@starforge/launcher/paths';

// The workspace's own biome.jsonc over a small tree shaped like a service and a package.
const files: Record<string, string[]> = {
  // What a service ships: never test code.
  'services/demo/src/domain/uses-test-db.ts': ['@starforge/test-db'],
  'services/demo/src/domain/uses-test-db-harness.ts': ['@starforge/test-db/harness'],
  'services/demo/src/domain/uses-vitest.ts': ['vitest'],
  'services/demo/src/routes/uses-harness.ts': ['../testing/harness'],
  'services/demo/src/uses-test-tokens.ts': ['@starforge/service-kit/auth/test-tokens'],
  'packages/demo-kit/src/uses-scripted-fetch.ts': ['./testing/scripted-fetch'],
  // Allowed: tests, harnesses, and production code that only looks like them.
  'services/demo/src/app.test.ts': ['@starforge/test-db', '@starforge/service-kit/auth/test-tokens', './testing/harness'],
  'services/demo/src/testing/harness.ts': ['@starforge/test-db/harness', '@starforge/test-db/jobs', 'vitest'],
  'services/demo/src/app.ts': ['@starforge/contracts', './features/testing-engine/run', './routes/test-runs'],
  'packages/demo-kit/src/testing/scripted-fetch.ts': ['vitest'],
};

describe('production code never imports test code (biome.jsonc)', () => {
  const root = mkdtempSync(join(tmpdir(), 'starforge-imports-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('flags tooling, vitest, test tokens and harnesses imported by a service or package file, and nothing in tests or harnesses', async () => {
    copyFileSync(fromRoot('biome.jsonc'), join(root, 'biome.jsonc'));
    for (const [file, imports] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), imports.map((from, i) => `import * as m${i} from '${from}';\nexport const e${i} = m${i};\n`).join(''));
    }
    const { stdout } = await promisify(execFile)(fromRoot('node_modules/.bin/biome'), ['lint', '--vcs-enabled=false', '--reporter=github', '.'], {
      cwd: root,
    }).catch((error: { stdout: string }) => error);
    const flagged = [...stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+)/gm)].map(
      ([, file, line]) => `${relative(root, file ?? '')}:${line}`,
    );
    expect(flagged.sort()).toEqual([
      'packages/demo-kit/src/uses-scripted-fetch.ts:1',
      'services/demo/src/domain/uses-test-db-harness.ts:1',
      'services/demo/src/domain/uses-test-db.ts:1',
      'services/demo/src/domain/uses-vitest.ts:1',
      'services/demo/src/routes/uses-harness.ts:1',
      'services/demo/src/uses-test-tokens.ts:1',
    ]);
  });

  it('lists the test tooling as a devDependency only, in every workspace package', () => {
    const dirs = readdirSync(fromRoot()).filter((dir) => dir === 'shell' || dir.startsWith('mfe-'));
    for (const parent of ['services', 'packages', 'tooling']) dirs.push(...readdirSync(fromRoot(parent)).map((dir) => `${parent}/${dir}`));
    const manifests = dirs.map((dir) => `${dir}/package.json`).filter((path) => existsSync(fromRoot(path)));
    expect(manifests.length).toBeGreaterThan(10);
    const shipped = manifests.filter((path) => {
      const { dependencies = {} } = JSON.parse(readFileSync(fromRoot(path), 'utf8')) as { dependencies?: Record<string, string> };
      return ['@starforge/test-db', 'vitest'].some((name) => name in dependencies);
    });
    // test-db itself is test tooling: vitest is what it is built on.
    expect(shipped).toEqual(['tooling/test-db/package.json']);
  });
});
