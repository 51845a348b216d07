import type { CodeCheckStatus } from '@starforge/contracts/bounties';
import type { ContractRunResult, SuiteSource } from '@starforge/contracts/rewards';
import { targetContracts } from './code-sources';

/**
 * A saved version's check (pure): the engine's `security_audit` run of its sources compiles them
 * and audits each file. `compiled` with the number of contracts and the audit's own sentence, or
 * `does_not_compile` with the engine's first error, which names its file and line.
 */
export const codeCheckOf = (
  result: ContractRunResult | null,
  sources: readonly SuiteSource[],
): { status: Exclude<CodeCheckStatus, 'running'>; summary: string } => {
  if (!result) return { status: 'does_not_compile', summary: 'The engine could not check this version.' };
  if (result.errors.length > 0) return { status: 'does_not_compile', summary: result.summary };
  const n = targetContracts(sources).length;
  return { status: 'compiled', summary: `Compiled: ${n} contract${n === 1 ? '' : 's'}. ${result.summary}` };
};
