import { describe, expect, it } from 'vitest';
import { amountText, ruleText, statusText } from './transaction-view';

describe('transaction view', () => {
  it('shows cash and points with their signs', () => {
    expect(amountText({ amount_cents: 100, points_amount: -1000 })).toBe('+$1.00 · -1,000 points');
    expect(amountText({ amount_cents: -500, points_amount: 0 })).toBe('-$5.00');
    expect(amountText({ amount_cents: 0, points_amount: 50 })).toBe('+50 points');
  });

  it('says what completed: a failed test credits its points, a debit, a conversion and a withdrawal say so', () => {
    const row = { status: 'completed', transaction_type: 'earned_points', amount_cents: 0, points_amount: 25 } as const;
    expect(statusText(row)).toBe('Credited');
    expect(statusText({ ...row, transaction_type: 'bounty_reward', amount_cents: 500, points_amount: 0 })).toBe('Credited');
    expect(statusText({ ...row, transaction_type: 'bounty_reward', amount_cents: -500, points_amount: 0 })).toBe('Debited');
    expect(statusText({ ...row, transaction_type: 'points_to_cash', amount_cents: 100, points_amount: -1000 })).toBe('Converted');
    expect(statusText({ ...row, transaction_type: 'withdrawal', amount_cents: -100, points_amount: 0 })).toBe('Sent');
    expect(statusText({ ...row, status: 'pending', transaction_type: 'withdrawal', amount_cents: -100, points_amount: 0 })).toBe('Pending');
  });

  it('explains the row by its rule, and says nothing of a rule it does not know (the description stands alone)', () => {
    expect(ruleText({ rule: 'test_completed' })).toBe('Completed test: +50 points');
    expect(ruleText({ rule: 'something_new' })).toBe('');
  });
});
