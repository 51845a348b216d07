import { describe, expect, it } from 'vitest';
import { pendingCashHint } from './pending-cash';

describe('pendingCashHint', () => {
  it('names the pending amount and the date the next of it settles', () => {
    expect(pendingCashHint({ pending_cash_cents: 950, next_settlement_at: '2026-12-04T12:00:00.000Z' })).toBe('$9.50 pending, settles on Dec 4, 2026');
  });

  it('says nothing when nothing waits', () => {
    expect(pendingCashHint({ pending_cash_cents: 0, next_settlement_at: null })).toBeNull();
  });
});
