import { describe, expect, it } from 'vitest';
import { amountText, ruleText } from './transaction-view';

describe('transaction view', () => {
  it('shows cash and points with their signs', () => {
    expect(amountText({ amount_cents: 100, points_amount: -1000 })).toBe('+$1.00 · -1,000 points');
    expect(amountText({ amount_cents: -500, points_amount: 0 })).toBe('-$5.00');
    expect(amountText({ amount_cents: 0, points_amount: 50 })).toBe('+50 points');
  });

  it('explains the row by its rule, or by its description when the rule is unknown', () => {
    expect(ruleText({ rule: 'test_completed', description: 'x' })).toBe('Completed test: +50 points');
    expect(ruleText({ rule: 'something_new', description: 'Royalty from a resale' })).toBe('Royalty from a resale');
  });
});
