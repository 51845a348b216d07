import type { ContractRunResult, FunctionResult } from '@starforge/contracts/rewards';
import type { ProofVerdict } from '@starforge/contracts/bounties';

/** A judged proof run: what it showed and why, in a sentence. */
export interface Judged {
  verdict: Exclude<ProofVerdict, 'running'>;
  why: string;
}

/** The proof's own tests: the functions of its file (a version's own test files run beside it and are not the proof). */
export const proofFunctions = (result: ContractRunResult, proofFile: string): FunctionResult[] => result.functions.filter((f) => f.test?.file === proofFile);

const isInvariant = (f: FunctionResult) => f.test?.kind === 'invariant';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The engine's sentence when a suite has no test at all (suite/run-request.ts): the proof has none, not an engine failure. */
const NO_TESTS = /has no tests/;

/**
 * The verdict of a proof run on the engine's result (pure; issue 28):
 * - `does_not_compile`: the sources do not compile (the engine's first error with its file and
 *   line), or the engine could not run them at all (no result; stopped before any test finished);
 * - `reproduces`: an `invariant…` of the proof failed (the bug broke it), or every `test…` of
 *   the proof passed and there is at least one (the exploit held);
 * - `does_not_reproduce`: anything else: a `test…` failed, every invariant held, or the proof
 *   has no `test…` nor `invariant…`.
 * Only the proof file's functions count; `version` is the version number the sentence names.
 */
export const proofVerdict = (result: ContractRunResult | null, proofFile: string, version: number): Judged => {
  if (!result) return { verdict: 'does_not_compile', why: 'The engine could not run the proof.' };
  if (result.errors.length > 0) return { verdict: 'does_not_compile', why: sentence(result.summary) };
  const own = proofFunctions(result, proofFile);
  if (own.length === 0) {
    if (result.status === 'failed' && result.functions.length === 0 && !NO_TESTS.test(result.summary)) {
      return { verdict: 'does_not_compile', why: `The engine could not run the proof: ${sentence(result.summary)}` };
    }
    return {
      verdict: 'does_not_reproduce',
      why: `The proof has no test: name a public function test… that passes while the bug is there, or an invariant… that the bug breaks.`,
    };
  }
  const invariants = own.filter(isInvariant);
  const tests = own.filter((f) => !isInvariant(f));
  const broken = invariants.find((f) => f.outcome === 'failed');
  if (broken) {
    const calls = broken.test?.invariant?.sequence?.length;
    const after = calls === undefined ? '' : ` after ${plural(calls, 'call')}`;
    return {
      verdict: 'reproduces',
      why: `The invariant ${broken.name} broke${after} against version ${version}: ${sentence(broken.test?.failure ?? broken.revert_reason ?? 'it failed')}`,
    };
  }
  const failed = tests.find((f) => f.outcome === 'failed');
  if (tests.length > 0 && !failed) {
    const which = tests.length === 1 ? `${tests[0]?.name} passed` : `All ${tests.length} tests of the proof passed`;
    return { verdict: 'reproduces', why: `${which} against version ${version}: the exploit held.` };
  }
  if (failed) {
    return {
      verdict: 'does_not_reproduce',
      why: `${failed.name} failed against version ${version}: ${sentence(failed.test?.failure ?? failed.revert_reason ?? 'it failed')}`,
    };
  }
  return { verdict: 'does_not_reproduce', why: `Every invariant of the proof held against version ${version} (${invariants.map((f) => f.name).join(', ')}).` };
};
