import { describe, expect, it } from 'vitest';
import { amountText, ruleText } from './transaction-view';

describe('transaction view', () => {
  it('shows cash and points with their signs', () => {
    expect(amountText({ amount_cents: 100, points_amount: -1000 })).toBe('+$1.00 · -1,000 points');
    expect(amountText({ amount_cents: -500, points_amount: 0 })).toBe('-$5.00');
    expect(amountText({ amount_cents: 0, points_amount: 50 })).toBe('+50 points');
  });

  it('explains the row by its rule, and says nothing of a rule it does not know (the description stands alone)', () => {
    expect(ruleText({ rule: 'test_completed' })).toBe('Completed test: +50 points');
    expect(ruleText({ rule: 'something_new' })).toBe('');
  });
});
