/** What every benchmark returns, and how it is printed. */

/** Every benchmark, in the order `pnpm bench` runs them and RESULTS.md lists them. */
export const BENCH_NAMES = [
  'frontend',
  'pages',
  'dashboard',
  'screens',
  'sky',
  'auth',
  'jobs',
  'gateway',
  'events',
  'rewards',
  'nft',
  'images',
  'marketplace',
  'bounties',
  'footprint',
  'replicas',
  'contracts',
  'workers',
] as const;

export type BenchName = (typeof BENCH_NAMES)[number];

/**
 * RESULTS.md's sections, in order: a benchmark's own, `contracts-engines` that `pnpm bench
 * contracts` also writes, and `bounties-proofs` that `pnpm bench bounties` also writes.
 */
export type SectionName = BenchName | 'contracts-engines' | 'bounties-proofs';

const alsoWrites: Partial<Record<BenchName, SectionName>> = { contracts: 'contracts-engines', bounties: 'bounties-proofs' };
export const SECTION_NAMES: readonly SectionName[] = BENCH_NAMES.flatMap((n): SectionName[] => {
  const also = alsoWrites[n];
  return also ? [n, also] : [n];
});

export interface Figure {
  /** What was measured, e.g. "Sign-in (password), 8 connections: requests/s". */
  label: string;
  /** The measured number, or null when it could not be measured (say why in `note`). */
  value: number | null;
  unit: string;
  /** Decimals to show. */
  decimals?: number;
  /** A human-readable target, e.g. "≤ 1000 ms". */
  target?: string;
  /** Whether the target is met; undefined when the figure has no target. */
  met?: boolean;
  /** Overrides the verdict column (e.g. for a bound that cannot decide the target). */
  verdictText?: string;
  note?: string;
}

export interface BenchResult {
  name: SectionName;
  title: string;
  /** The exact command that produces this section. */
  command: string;
  figures: Figure[];
  /** How busy the machine was with other work when the benchmark started (set by run.ts). */
  conditions?: string;
  /** Which code was measured (set by run.ts). */
  code?: string;
  /** Extra tables (already formatted as rows) and remarks for the report. */
  tables: { title: string; head: string[]; rows: string[][] }[];
  notes: string[];
}

/** Checks `value` against an upper bound. */
export const atMost = (value: number | null, limit: number): boolean | undefined => (value === null || !Number.isFinite(value) ? undefined : value <= limit);

const formatValue = (f: Figure): string =>
  f.value === null || !Number.isFinite(f.value) ? 'not measured' : `${f.value.toFixed(f.decimals ?? 1)} ${f.unit}`.trim();

const verdict = (f: Figure): string => f.verdictText ?? (f.target === undefined ? '' : f.met === undefined ? 'not measured' : f.met ? 'met' : 'NOT met');

/** A plain-text table for the terminal. */
const textTable = (head: string[], rows: string[][]): string => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};

/** A Markdown table (pipes in cells escaped). */
export const markdownTable = (head: string[], rows: string[][]): string => {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [`| ${head.map(esc).join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
};

export const figureHead = ['Figure', 'Measured', 'Target', 'Verdict'];
export const figureRows = (figures: Figure[]): string[][] =>
  figures.map((f) => [f.label, formatValue(f) + (f.note ? ` (${f.note})` : ''), f.target ?? '', verdict(f)]);

/** Prints a benchmark's figures and extra tables to the terminal. */
export const printResult = (result: BenchResult): void => {
  console.log(`\n== ${result.title} ==\n`);
  console.log(textTable(figureHead, figureRows(result.figures)));
  for (const t of result.tables) {
    console.log(`\n${t.title}\n`);
    console.log(textTable(t.head, t.rows));
  }
  for (const n of result.notes) console.log(`\n* ${n}`);
  console.log('');
};
