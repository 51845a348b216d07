import { type ProofRun, type ProofVerdict, proofWords } from '@starforge/contracts/bounties';
import type { FunctionResult } from '@starforge/contracts/rewards';
import type { SuiteTestFields } from '@starforge/contracts/rewards';
import { formatDate } from '@starforge/contracts/shared';
import type { BadgeTone } from '@starforge/ui';

export const verdictTones: Record<ProofVerdict, BadgeTone> = {
  running: 'info',
  reproduces: 'success',
  does_not_reproduce: 'warning',
  does_not_compile: 'danger',
};

/** "Same finding as the completion submitted on Nov 28, 2026": the date as the product shows dates. */
export const sameFindingText = (submittedAt: string): string => proofWords.sameFindingAs(formatDate(submittedAt));

export interface ProofTest {
  fn: FunctionResult;
  test: SuiteTestFields;
}

/**
 * The tests that decided the verdict, as the engine rules it: when the proof reproduces, its
 * exploits (a `test…` that passed, an `invariant…` that broke); when it does not, the tests that
 * failed, or every test when none did (an invariant that held). Empty while it runs or when
 * nothing compiled.
 */
export const decidingTests = (run: Pick<ProofRun, 'verdict' | 'result'>): ProofTest[] => {
  const tests = (run.result?.functions ?? []).flatMap((fn) => (fn.test ? [{ fn, test: fn.test }] : []));
  if (run.verdict === 'reproduces') return tests.filter(({ fn, test }) => (test.kind === 'invariant' ? fn.outcome === 'failed' : fn.outcome === 'passed'));
  if (run.verdict === 'does_not_reproduce') {
    const failed = tests.filter(({ fn }) => fn.outcome === 'failed');
    return failed.length ? failed : tests;
  }
  return [];
};
