import { describe, expect, it } from 'vitest';
import { durationText, traceTree } from './test-view';

describe('a test’s words', () => {
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
