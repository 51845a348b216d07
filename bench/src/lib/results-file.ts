import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { describeMachine, type MachineInfo } from './machine';
import { figureHead, figureRows, markdownTable, SECTION_NAMES, type BenchResult, type SectionName } from './report';

const HEADER = `# Starforge benchmarks

Measured figures, written by \`bench/src/run.ts\` (\`npx -y pnpm@10 bench\` for all, or
\`pnpm bench frontend|pages|dashboard|screens|sky|auth|jobs|gateway|events|rewards|nft|images|marketplace|bounties|footprint|replicas|contracts|workers\` for one). Each section below is replaced when its benchmark
runs again and kept otherwise, so every section carries its own date, machine and command.
Everything runs on one machine over loopback: the load generator, the browser, the services
and PostgreSQL share its cores, so before each benchmark run.ts waits (at most 5 minutes) for
other work on the machine to settle, and each section records how much CPU other processes used
while it ran. "KB" means KiB (1,024 bytes). Timings are reported, never asserted.
`;

const start = (name: SectionName) => `<!-- bench:${name}:start -->`;
const end = (name: SectionName) => `<!-- bench:${name}:end -->`;

const renderSection = (result: BenchResult, machine: MachineInfo): string => {
  const parts = [
    start(result.name),
    `## ${result.title}`,
    '',
    `- Date: ${machine.dateUtc}`,
    `- Machine: ${describeMachine(machine)}`,
    `- Command: \`${result.command}\``,
    ...(result.code ? [`- Code: ${result.code}`] : []),
    ...(result.conditions ? [`- Other load at the start: ${result.conditions}`] : []),
    '',
    markdownTable(figureHead, figureRows(result.figures)),
  ];
  for (const t of result.tables) parts.push('', `### ${t.title}`, '', markdownTable(t.head, t.rows));
  if (result.notes.length) parts.push('', '### Notes', '', ...result.notes.map((n) => `- ${n}`));
  parts.push(end(result.name));
  return parts.join('\n');
};

/** Existing sections of the file, by name. */
const readSections = (text: string): Map<SectionName, string> => {
  const sections = new Map<SectionName, string>();
  for (const name of SECTION_NAMES) {
    const from = text.indexOf(start(name));
    const to = text.indexOf(end(name));
    if (from >= 0 && to > from) sections.set(name, text.slice(from, to + end(name).length));
  }
  return sections;
};

/** Writes RESULTS.md: the sections that ran are replaced, the others kept as they were. */
export const writeResults = async (path: string, results: BenchResult[], machine: MachineInfo): Promise<void> => {
  const sections = existsSync(path) ? readSections(await readFile(path, 'utf8')) : new Map<SectionName, string>();
  for (const r of results) sections.set(r.name, renderSection(r, machine));
  const body = SECTION_NAMES.filter((n) => sections.has(n))
    .map((n) => sections.get(n))
    .join('\n\n');
  await writeFile(path, `${HEADER}\n${body}\n`);
};
