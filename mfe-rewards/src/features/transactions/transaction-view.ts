import type { LedgerTransaction } from '@starforge/contracts/rewards';
import { formatCents } from '@starforge/contracts/shared';
import { transactionRuleText, type TransactionSource } from '@starforge/contracts/rewards';

/** The amounts of a ledger row: "+$1.00", "-$5.00", "+50 points", "-1,000 points" (both when both moved). */
export const amountText = (t: Pick<LedgerTransaction, 'amount_cents' | 'points_amount'>): string => {
  const parts: string[] = [];
  if (t.amount_cents !== 0) parts.push(`${t.amount_cents > 0 ? '+' : ''}${formatCents(t.amount_cents)}`);
  if (t.points_amount !== 0) parts.push(`${t.points_amount > 0 ? '+' : '-'}${Math.abs(t.points_amount).toLocaleString('en-US')} points`);
  return parts.join(' · ') || formatCents(0);
};

/**
 * The row's badge: what completed, not only that something did (issue 26: a failed test's +25
 * row wore "Completed" beside "… failed"; what completed is the credit). Green when completed,
 * yellow otherwise (spec section 4).
 */
export const statusText = (t: Pick<LedgerTransaction, 'status' | 'transaction_type' | 'amount_cents' | 'points_amount'>): string => {
  if (t.status !== 'completed') return 'Pending';
  if (t.transaction_type === 'points_to_cash') return 'Converted';
  if (t.transaction_type === 'withdrawal') return 'Sent';
  return t.amount_cents > 0 || (t.amount_cents === 0 && t.points_amount > 0) ? 'Credited' : 'Debited';
};

/**
 * The rule that produced the row, in words ('Completed test: +50 points'), shown beside the row's
 * own description ('Smart Contract test on Sepolia completed'); empty for a rule we do not know.
 */
export const ruleText = (t: Pick<LedgerTransaction, 'rule'>): string => transactionRuleText[t.rule] ?? '';

/** The words of the link to a row's source. */
export const sourceLinkText: Record<TransactionSource, string> = {
  test_run: 'View test run',
  nft_mint: 'View NFT',
  nft_sale: 'View NFT',
  achievement: 'View achievement',
  conversion: 'View balance',
  withdrawal: 'View withdrawals',
  bounty: 'View bounty',
};
