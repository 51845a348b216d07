import { describe, expect, it } from 'vitest';
import { progressOfEvent, progressText } from './suite-view';

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
});
