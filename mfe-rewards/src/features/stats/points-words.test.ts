import { describe, expect, it } from 'vitest';
import { lifetimePointsHint, pointsBalanceHint } from './points-words';

describe('the two points figures', () => {
  // After earning 3,600 and converting 2,000, as the issue saw it.
  it("the dashboard's Points says it is the lifetime total, and what is left to spend", () => {
    expect(lifetimePointsHint(1_600)).toBe('Earned in all · 1,600 left to spend');
  });

  it('the Points Balance says it is what is left to spend, and the lifetime total', () => {
    expect(pointsBalanceHint(3_600)).toBe('Left to spend · 3,600 earned in all');
  });
});
