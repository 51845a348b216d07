import type { InvariantCall, SuiteTestFields, TraceFrame } from '@starforge/contracts/rewards';

/** 1234 -> "1,234". */
const count = (n: number): string => n.toLocaleString('en-US');

/** What a test is, in words. */
export const testKindLabel: Record<SuiteTestFields['kind'], string> = { unit: 'Unit', fuzz: 'Fuzz', invariant: 'Invariant' };

/** A test's gas: its own, or a fuzz test's mean and median over its runs. */
export const testGasText = (gasUsed: number, test: SuiteTestFields): string =>
  test.fuzz ? `mean ${count(test.fuzz.mean_gas)}, median ${count(test.fuzz.median_gas)} gas` : `${count(gasUsed)} gas`;

/** 0.02 -> "20 µs", 0.4 -> "0.4 ms", 1234 -> "1.23 s". */
export const durationText = (ms: number): string => {
  // A unit test on revm takes microseconds: "0.0 ms" would say it took no time at all.
  if (ms < 0.1) return `${Math.max(1, Math.round(ms * 1000))} µs`;
  return ms < 1000 ? `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
};

/** A fuzz or invariant campaign's size: "256 runs", "256 runs × 15 calls deep". */
export const campaignText = (test: SuiteTestFields): string | null => {
  if (test.invariant)
    return `${count(test.invariant.runs)} runs × ${count(test.invariant.depth)} calls deep (${count(test.invariant.calls)} calls, ${count(test.invariant.reverts)} reverted)`;
  if (test.fuzz) return `${count(test.fuzz.runs)} runs`;
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
  return `${call}${value} → ${outcome} · ${count(frame.gas_used)} gas`;
};

/** One call of an invariant's failing sequence: `alice → Vault.withdraw(amount = 1)`. */
export const invariantCallText = (call: InvariantCall): string =>
  `${call.sender} → ${call.contract}.${call.function.replace(/\(.*$/, '')}(${call.args.map((a) => (a.name ? `${a.name} = ${a.value}` : a.value)).join(', ')})`;

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
