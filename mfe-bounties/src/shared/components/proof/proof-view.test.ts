import { describe, expect, it } from 'vitest';
import { formatDate } from '@starforge/contracts/shared';
import { proofOf } from './proof-fixture';
import { decidingTests, sameFindingText } from './proof-view';

const names = (verdict: Parameters<typeof proofOf>[0]) => decidingTests(proofOf(verdict).run).map(({ fn }) => fn.name);

describe('the tests that decided a proof', () => {
  it('are its exploits when it reproduces: the tests that passed and the invariants that broke', () => {
    expect(names('reproduces')).toEqual(['testDrain']);
    const run = proofOf('reproduces').run;
    const broken = {
      ...run,
      result: run.result && {
        ...run.result,
        functions: run.result.functions.map((fn) => (fn.test?.kind === 'invariant' ? { ...fn, outcome: 'failed' as const } : fn)),
      },
    };
    expect(decidingTests(broken).map(({ fn }) => fn.name)).toEqual(['testDrain', 'invariantSolvent']);
  });

  it('are the failed tests when it does not reproduce, or every test when none failed', () => {
    expect(names('does_not_reproduce')).toEqual(['testDrainTwice']);
    const run = proofOf('does_not_reproduce').run;
    const held = { ...run, result: run.result && { ...run.result, functions: run.result.functions.filter((fn) => fn.test?.kind === 'invariant') } };
    expect(decidingTests(held).map(({ fn }) => fn.name)).toEqual(['invariantSolvent']);
  });

  it('are none while it runs or when it did not compile', () => {
    expect(names('running')).toEqual([]);
    expect(names('does_not_compile')).toEqual([]);
  });
});

describe('the same-finding line', () => {
  it('names the earlier completion by its date only, as the product writes dates', () => {
    const at = '2026-11-27T15:04:00.000Z';
    expect(sameFindingText(at)).toBe(`Same finding as the completion submitted on ${formatDate(at)}`);
    expect(formatDate(at)).toBe('Nov 27, 2026');
  });
});
