import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { CHROMIUM_PATH } from '@starforge/launcher/chromium';

export interface MachineInfo {
  dateUtc: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  chromium: string;
}

/** `date -u` as the shell prints it (falls back to ISO if `date` is missing). */
const dateUtc = (): string => {
  try {
    return execFileSync('date', ['-u'], { encoding: 'utf8' }).trim();
  } catch {
    return new Date().toISOString();
  }
};

const chromiumVersion = (): string => {
  try {
    // Debian's wrapper script prints a harmless shell warning on stderr; keep only stdout.
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 }).trim();
  } catch {
    return 'not found';
  }
};

let cached: MachineInfo | undefined;

export const machineInfo = (): MachineInfo => {
  if (cached) return { ...cached, dateUtc: dateUtc() };
  const list = cpus();
  cached = {
    dateUtc: dateUtc(),
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: totalmem() / 1024 ** 3,
    node: process.version,
    chromium: chromiumVersion(),
  };
  return cached;
};

export const describeMachine = (m: MachineInfo): string => `${m.cores} × ${m.cpu}, ${m.memoryGiB.toFixed(1)} GiB RAM, Node ${m.node}, ${m.chromium}`;

/** Share of all cores busy over `ms` (0..1), from the kernel's CPU time counters. */
const cpuBusy = async (ms = 2_000): Promise<number> => {
  const snap = () => cpus().map((c) => c.times);
  const a = snap();
  await new Promise((r) => setTimeout(r, ms));
  const b = snap();
  let busy = 0;
  let total = 0;
  b.forEach((t, i) => {
    const s = a[i];
    if (!s) return;
    const idle = t.idle - s.idle;
    const all = t.user - s.user + (t.nice - s.nice) + (t.sys - s.sys) + (t.irq - s.irq) + idle;
    busy += all - idle;
    total += all;
  });
  return total > 0 ? busy / total : 0;
};

/**
 * Waits (at most `maxMs`) for the machine to be mostly idle, since other work on the same
 * cores skews every timing; returns how busy it was when the benchmark started.
 */
export const waitForQuiet = async ({ threshold = 0.25, maxMs = 300_000 } = {}): Promise<{ busy: number; waitedMs: number }> => {
  const started = Date.now();
  let busy = await cpuBusy();
  while (busy > threshold && Date.now() - started < maxMs) {
    console.log(`  the machine is ${(busy * 100).toFixed(0)}% busy with other work; waiting for it to settle...`);
    busy = await cpuBusy(5_000);
  }
  return { busy, waitedMs: Date.now() - started };
};

export const loadAverage = (): string =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

/** The commit the measured code is on, and whether the work tree differs from it. */
export const codeVersion = (): string => {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean).length;
    return changed ? `git ${sha} + uncommitted changes in ${changed} paths` : `git ${sha}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
};
