import type { InvariantCall, SuiteProgress, SuiteTestFields, TraceFrame } from '@starforge/contracts/contract-suite';
import type { ServerEventMap } from '@starforge/contracts/realtime';
import { formatCount } from '../../shared/lib/format';
import { changeText } from './gas/gas-view';

/** What a test is, in words. */
export const testKindLabel: Record<SuiteTestFields['kind'], string> = { unit: 'Unit', fuzz: 'Fuzz', invariant: 'Invariant' };

/** A test's gas: its own, or a fuzz test's mean and median over its runs. */
export const testGasText = (gasUsed: number, test: SuiteTestFields): string =>
  test.fuzz ? `mean ${formatCount(test.fuzz.mean_gas)}, median ${formatCount(test.fuzz.median_gas)} gas` : `${formatCount(gasUsed)} gas`;

/** 0.02 -> "20 µs", 0.4 -> "0.4 ms", 1234 -> "1.23 s". */
export const durationText = (ms: number): string => {
  // A unit test on revm takes microseconds: "0.0 ms" would say it took no time at all.
  if (ms < 0.1) return `${Math.max(1, Math.round(ms * 1000))} µs`;
  return ms < 1000 ? `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
};

/** A fuzz or invariant campaign's size: "256 runs", "256 runs × 15 calls deep". */
export const campaignText = (test: SuiteTestFields): string | null => {
  if (test.invariant)
    return `${formatCount(test.invariant.runs)} runs × ${formatCount(test.invariant.depth)} calls deep (${formatCount(test.invariant.calls)} calls, ${formatCount(test.invariant.reverts)} reverted)`;
  if (test.fuzz) return `${formatCount(test.fuzz.runs)} runs`;
  return null;
};

/** One frame of a call trace as a person reads it: `Vault.withdraw(100) → revert: reason · 1,234 gas`. */
export const traceFrameText = (frame: TraceFrame): string => {
  const call =
    frame.function === 'constructor' ? `new ${frame.contract}(${frame.args})` : `${frame.contract}.${frame.function.replace(/\(.*$/, '')}(${frame.args})`;
  const value = frame.value && frame.value !== '0' ? ` {value: ${frame.value}}` : '';
  const outcome =
    frame.outcome === 'reverted'
      ? `revert${frame.output ? `: ${frame.output}` : ''}`
      : frame.outcome === 'stopped'
        ? 'stop'
        : frame.output
          ? frame.output
          : 'ok';
  return `${call}${value} → ${outcome} · ${formatCount(frame.gas_used)} gas`;
};

/** One call of an invariant's failing sequence: `alice → Vault.withdraw(amount = 1)`. */
export const invariantCallText = (call: InvariantCall): string =>
  `${call.sender} → ${call.contract}.${call.function.replace(/\(.*$/, '')}(${call.args.map((a) => (a.name ? `${a.name} = ${a.value}` : a.value)).join(', ')})`;

/** A progress event's news for run `runId`: its phase and tests done of the total; null when it is another run's. */
export const progressOfEvent = (runId: string, data: ServerEventMap['rewards.test_run_progress']): SuiteProgress | null =>
  data.runId === runId ? { phase: data.phase, tests_done: data.testsDone, tests_total: data.testsTotal } : null;

/** A suite's live progress: "Compiling…", "3 of 12 tests done". */
export const progressText = (progress: Pick<SuiteProgress, 'phase' | 'tests_done' | 'tests_total'>): string =>
  progress.phase === 'compiling' ? 'Compiling…' : `${formatCount(progress.tests_done)} of ${formatCount(progress.tests_total)} tests done`;

export interface TraceNode {
  frame: TraceFrame;
  children: TraceNode[];
}

/** The depth-first frames as a tree: each frame under the nearest frame before it one level up. */
export const traceTree = (frames: readonly TraceFrame[]): TraceNode[] => {
  const roots: TraceNode[] = [];
  const path: TraceNode[] = [];
  for (const frame of frames) {
    const node: TraceNode = { frame, children: [] };
    while (path.length > 0 && (path.at(-1)?.frame.depth ?? 0) >= frame.depth) path.pop();
    const parent = path.at(-1);
    if (parent) parent.children.push(node);
    else roots.push(node);
    path.push(node);
  }
  return roots;
};

/** A rate of a performance run: "54,042 a second"; "—" when the engine reports none (an invariant's gas). */
export const perSecondText = (n: number | null): string => (n === null ? '—' : `${formatCount(n)} a second`);

/** What the optimizer did to a figure: "−1,000 gas (−1.67 %)", "+12 gas (+0.5 %)", "±0 gas". */
export const optimizerChangeText = (off: number, on: number): string =>
  changeText({ delta: on - off, percent: off === 0 ? null : Math.round(((on - off) / off) * 10_000) / 100 });
