import { describe, expect, it } from 'vitest';
import { findingState } from './findings';

describe('where an approved finding stands', () => {
  it('still reproduces until a later version is checked', () => {
    expect(findingState(1, [])).toEqual({ state: 'still_reproduces', fixed_in_version: null, checked_version: 1 });
  });

  it('is checking while the newest re-check runs, still reproduces when it reproduces there', () => {
    expect(findingState(1, [{ version: 2, verdict: 'running' }])).toMatchObject({ state: 'checking', checked_version: 2 });
    expect(findingState(1, [{ version: 2, verdict: 'reproduces' }])).toMatchObject({ state: 'still_reproduces', checked_version: 2 });
  });

  it('is fixed in the first version of the unbroken run where it has not reproduced since', () => {
    expect(findingState(1, [{ version: 2, verdict: 'does_not_reproduce' }])).toEqual({ state: 'fixed', fixed_in_version: 2, checked_version: 2 });
    const rechecks = [
      { version: 4, verdict: 'does_not_compile' as const },
      { version: 2, verdict: 'does_not_reproduce' as const },
      { version: 3, verdict: 'reproduces' as const },
      { version: 5, verdict: 'does_not_reproduce' as const },
    ];
    // Fixed in 2, back in 3 (a regression), fixed again from 4.
    expect(findingState(1, rechecks)).toEqual({ state: 'fixed', fixed_in_version: 4, checked_version: 5 });
    // A re-check of an earlier version than the one it was found in does not count.
    expect(findingState(3, [{ version: 2, verdict: 'does_not_reproduce' }])).toMatchObject({ state: 'still_reproduces', checked_version: 3 });
  });
});
