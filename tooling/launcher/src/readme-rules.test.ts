import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './paths';

/**
 * README.md's "Where each rule lives" stays true: every file a row names exists, every test title
 * it quotes is in one of the row's files, and every row names a test. A rule moved or renamed
 * without its row fails here, not in a newcomer's five minutes of searching.
 */
const section = (): string[] => {
  const text = readFileSync(fromRoot('README.md'), 'utf8');
  const start = text.indexOf('\n## Where each rule lives');
  if (start < 0) throw new Error('README.md has no "Where each rule lives" section');
  const end = text.indexOf('\n## ', start + 5);
  return text.slice(start, end > 0 ? end : undefined).split('\n');
};

const isRow = (line: string) => line.startsWith('|') && !line.startsWith('|---') && !line.startsWith('| rule |');
const pathsOf = (line: string) =>
  [...line.matchAll(/`([^`]+)`/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => t.includes('/') && !t.startsWith('../') && !t.includes('<') && !t.includes(' ') && /\.[a-z]+$|\/$/.test(t));

describe('README.md, "Where each rule lives"', () => {
  const rows = section().filter(isRow);

  it('has its rows', () => {
    expect(rows.length).toBeGreaterThan(40);
  });

  it('names files that exist, test titles that are in them, and a test for every rule', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const paths = pathsOf(row);
      for (const path of paths) if (!existsSync(fromRoot(path))) problems.push(`missing ${path}: ${row.slice(0, 80)}`);
      const files = paths.map((p) => fromRoot(p)).filter((p) => existsSync(p) && statSync(p).isFile());
      const contents = files.map((f) => readFileSync(f, 'utf8')).join('');
      for (const [, title] of row.matchAll(/"([^"]+)"/g))
        if (title && !contents.includes(title)) problems.push(`title not found "${title}": ${row.slice(0, 80)}`);
      const testCell = row.split('|')[4] ?? '';
      if (!/`[^`]*(\.test\.tsx?|\.spec\.ts)`/.test(testCell)) problems.push(`no test named: ${row.slice(0, 80)}`);
    }
    expect(problems).toEqual([]);
  });
});
