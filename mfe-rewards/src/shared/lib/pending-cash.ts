import { formatDate } from '@starforge/contracts/shared';
import { formatCents } from '@starforge/contracts/shared';
import type { RewardsSummary } from '@starforge/contracts/rewards';

/**
 * What the Cash Balance card says of card proceeds not settled yet (kept out of the balance, so
 * not withdrawable): '$9.50 pending, settles on Dec 4, 2026'; null when nothing waits.
 */
export const pendingCashHint = ({
  pending_cash_cents,
  next_settlement_at,
}: Pick<RewardsSummary, 'pending_cash_cents' | 'next_settlement_at'>): string | null => {
  if (pending_cash_cents <= 0 || next_settlement_at === null) return null;
  return `${formatCents(pending_cash_cents)} pending, settles on ${formatDate(next_settlement_at)}`;
};
