import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './paths';

/**
 * A service's SQL names only its own schema: another domain's published functions and views are
 * reached through that domain's typed client (`@starforge/<domain>-published`), so a renamed
 * function or a changed argument is one file and its callers' typecheck, never a search through
 * inline SQL. Biome's layer rules say who may import a client; this says nobody goes around one.
 * The kit (`packages/service-kit`) reads auth's sessions and events' publish itself: it sits under
 * the clients and is not scanned.
 */
const DOMAINS = ['auth', 'nft', 'marketplace', 'bounties', 'rewards', 'events'] as const;

const shippedFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : shippedFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** The text of a file's template literals (the SQL), comments and quoted strings (event names, keys) left out. */
const templateText = (source: string): string[] => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pieces = code.split('`');
  // Odd pieces are inside backticks; a nested template (`${x ? tx`for update` : tx``}`) only splits one finer.
  return pieces.filter((_, i) => i % 2 === 1).map((piece) => piece.replace(/'[^'\n]*'/g, "''"));
};

const otherSchemasNamed = (service: string, source: string): string[] => {
  const others = DOMAINS.filter((d) => d !== service).join('|');
  const named = new RegExp(`(?<![\\w.$])(${others})\\.[a-z_]+`, 'g');
  return templateText(source).flatMap((sql) => [...sql.matchAll(named)].map((m) => m[0]));
};

describe('services call other domains only through their published clients', () => {
  it('names no other domain schema in a service’s SQL', () => {
    const found: string[] = [];
    for (const service of readdirSync(fromRoot('services'))) {
      let files: string[];
      try {
        files = shippedFiles(fromRoot('services', service, 'src'));
      } catch {
        continue;
      }
      for (const file of files) for (const name of otherSchemasNamed(service, readFileSync(file, 'utf8'))) found.push(`${relative(fromRoot(), file)}: ${name}`);
    }
    expect(found).toEqual([]);
  });

  it('finds a call written inline, and not an event name or a comment', () => {
    const inline = `// rewards.credit_cash is rewards'
const e = 'rewards.account_changed';
await tx\`select rewards.credit_cash(\${u}) from nft.nfts n\`;`;
    expect(otherSchemasNamed('marketplace', inline)).toEqual(['rewards.credit_cash', 'nft.nfts']);
    expect(otherSchemasNamed('nft', 'await tx`select * from nft.nft_mints`;')).toEqual([]);
  });
});
