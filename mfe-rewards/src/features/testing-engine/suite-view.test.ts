import { describe, expect, it } from 'vitest';
import { optimizerChangeText, perSecondText, progressOfEvent, progressText } from './suite-view';

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
});
