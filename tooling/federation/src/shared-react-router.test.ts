import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sharedRouter from './shared-react-router';

const root = new URL('../../../', import.meta.url).pathname;
const appSourceDirs = readdirSync(root)
  .filter((name) => name === 'shell' || name.startsWith('mfe-'))
  .map((name) => join(root, name, 'src'))
  .concat(readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'src')));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

const importList = /(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g;

/** The value names each file takes from 'react-router-dom' (type-only names are erased at build). */
const importedNames = (): Map<string, string> => {
  const names = new Map<string, string>();
  for (const file of appSourceDirs.flatMap(sourceFiles)) {
    for (const [, typeOnly, list = ''] of readFileSync(file, 'utf8').matchAll(importList)) {
      if (typeOnly) continue;
      for (const specifier of list.split(',').map((s) => s.trim())) {
        if (!specifier || specifier.startsWith('type ')) continue;
        names.set(specifier.split(/\s+as\s+/)[0] ?? specifier, file.slice(root.length));
      }
    }
  }
  return names;
};

describe('the react-router-dom the page shares', () => {
  it('exports every name an app imports from react-router-dom (the page would get undefined otherwise)', () => {
    const names = importedNames();
    expect(names.size).toBeGreaterThan(5);
    const missing = [...names].filter(([name]) => !(name in sharedRouter)).map(([name, file]) => `${name} (${file})`);
    expect(missing, 'add these to tooling/federation/src/shared-react-router.ts').toEqual([]);
  });

  it('exports only names react-router-dom exports (what the apps are type-checked against)', async () => {
    const real = await import('react-router-dom');
    expect(Object.keys(sharedRouter).filter((name) => !(name in real))).toEqual([]);
  });
});
