import type { AuditFinding, CompilerMessage } from '@starforge/contracts/rewards';

/**
 * The sentences a run's result is made of, shared by the one-file engine (run.ts), the pool and
 * the suite runner, so a limit or a finding reads the same whichever path the run took.
 */

export const gasText = (n: number) => n.toLocaleString('en-US');

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export const tookTooLong = (limitMs: number) => `The run took longer than ${seconds(limitMs)} and was stopped.`;

export const neededTooMuchMemory = (limitMb: number) => `The run needed more than ${limitMb} MB of memory and was stopped.`;

/** A note of the engine's own beside the compiler's warnings. */
export const engineNote = (message: string): CompilerMessage => ({ severity: 'warning', type: 'Engine', message, line: null, column: null });

/** Where a compiler message is, to follow a sentence: " (src/A.sol, line 3, column 5)"; nothing when it has no place. */
export const placeOf = (m: CompilerMessage) => (m.line === null ? '' : ` (${m.file ? `${m.file}, ` : ''}line ${m.line}, column ${m.column})`);

/** "2 findings: State written after an external call in src/Bank.sol at line 8 and 1 more." */
export const findingsSummary = ([first, ...more]: readonly AuditFinding[]): string | null =>
  first
    ? `${more.length + 1} finding${more.length ? 's' : ''}: ${first.title}${first.file ? ` in ${first.file}` : ''} at line ${first.line}${more.length ? ` and ${more.length} more` : ''}.`
    : null;

/** What the optimizer (200 runs) did to the deployment and the calls measured, from each one's gas off and on. */
export const optimizerSummary = (measured: readonly { gas_used: number; optimized_gas?: number | undefined }[], over: string) => {
  const off = measured.reduce((sum, m) => sum + m.gas_used, 0);
  const on = measured.reduce((sum, m) => sum + (m.optimized_gas ?? m.gas_used), 0);
  const saved = off - on;
  return `The optimizer (200 runs) ${saved >= 0 ? 'saves' : 'adds'} ${gasText(Math.abs(saved))} gas (${off === 0 ? 0 : Math.round((Math.abs(saved) / off) * 100)} %) over ${over}.`;
};
