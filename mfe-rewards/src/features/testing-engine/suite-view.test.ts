import { describe, expect, it } from 'vitest';
import { durationText, optimizerChangeText, perSecondText, progressOfEvent, progressText, traceTree } from './suite-view';

describe('a suite’s words', () => {
  it('says what a running suite is doing', () => {
    expect(progressText({ phase: 'compiling', tests_done: 0, tests_total: 0 })).toBe('Compiling…');
    expect(progressText({ phase: 'running', tests_done: 3, tests_total: 1200 })).toBe('3 of 1,200 tests done');
  });

  it('takes a progress event for its own run only', () => {
    const data = { runId: 'r1', phase: 'running', testsDone: 3, testsTotal: 12 } as const;
    expect(progressOfEvent('r1', data)).toEqual({ phase: 'running', tests_done: 3, tests_total: 12 });
    expect(progressOfEvent('r2', data)).toBeNull();
  });

  it('says a performance run’s rates, and none where the engine reports none', () => {
    expect(perSecondText(2_466_281_544)).toBe('2,466,281,544 a second');
    expect(perSecondText(null)).toBe('—');
  });

  it('says what the optimizer did to a function’s gas, a saving or a cost', () => {
    expect(optimizerChangeText(801, 472)).toBe('−329 gas (−41.07 %)');
    expect(optimizerChangeText(100, 112)).toBe('+12 gas (+12 %)');
    expect(optimizerChangeText(447, 447)).toBe('±0 gas');
    expect(optimizerChangeText(0, 0)).toBe('±0 gas');
  });

  it('gives durations as people read them', () => {
    expect(durationText(0.0213)).toBe('21 µs');
    expect(durationText(0.0001)).toBe('1 µs');
    expect(durationText(0.42)).toBe('0.4 ms');
    expect(durationText(48.6)).toBe('49 ms');
    expect(durationText(1234)).toBe('1.23 s');
  });

  it('nests depth-first frames under the nearest shallower frame before them', () => {
    const frame = (depth: number, fn: string) => ({
      depth,
      kind: 'CALL',
      contract: 'C',
      function: fn,
      args: '',
      gas_used: 1,
      outcome: 'returned' as const,
      output: '',
    });
    const tree = traceTree([frame(0, 'a'), frame(1, 'b'), frame(2, 'c'), frame(1, 'd'), frame(0, 'e')]);
    const names = (nodes: typeof tree): unknown[] => nodes.map((n) => (n.children.length ? [n.frame.function, names(n.children)] : n.frame.function));
    expect(names(tree)).toEqual([['a', [['b', ['c']], 'd']], 'e']);
  });
});
