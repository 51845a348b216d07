import { TRANSACTIONS_LIMIT, type LedgerTransaction, type TransactionSource } from '@starforge/contracts/rewards';
import type { Db } from '@starforge/service-kit';
import { iso, isoOrNull, num } from './numbers';

interface TransactionRow {
  id: string;
  transactionType: LedgerTransaction['transaction_type'];
  amountCents: string;
  pointsAmount: string;
  status: LedgerTransaction['status'];
  description: string;
  rule: string;
  sourceType: TransactionSource | null;
  sourceId: string | null;
  createdAt: Date;
  completedAt: Date | null;
  settlesAt: Date | null;
}

/** The caller's last ledger rows, newest first, each with the rule and source that explain it. */
export const listTransactions = async (db: Db, userId: string, limit = TRANSACTIONS_LIMIT): Promise<LedgerTransaction[]> => {
  const rows = await db<TransactionRow[]>`
    select id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, created_at, completed_at, settles_at
    from rewards.transactions where user_id = ${userId}
    order by seq desc limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    transaction_type: r.transactionType,
    amount_cents: num(r.amountCents),
    points_amount: num(r.pointsAmount),
    status: r.status,
    description: r.description,
    rule: r.rule,
    source: r.sourceType && r.sourceId !== null ? { type: r.sourceType, id: r.sourceId } : null,
    created_at: iso(r.createdAt),
    completed_at: isoOrNull(r.completedAt),
    settles_at: isoOrNull(r.settlesAt),
  }));
};
