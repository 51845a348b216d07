import { rewardsMessages, type Withdrawal, type WithdrawalAccepted } from '@starforge/contracts/rewards';
import { badRequest, transaction, type Db, type Jobs, type Sql } from '@starforge/service-kit';
import { isSolanaAddress, simulatedSignature } from './chain-facts';
import { iso, isoOrNull, num } from './numbers';

/** The durable job that completes a withdrawal. */
export const COMPLETE_WITHDRAWAL_JOB = 'withdrawal.complete';
export interface CompleteWithdrawalJob {
  withdrawalId: string;
}

/** GET /withdrawals lists this many, newest first (as the transactions list). */
const WITHDRAWAL_HISTORY_LIMIT = 10;

interface WithdrawalRow {
  id: string;
  transactionId: string;
  amountCents: string;
  walletAddress: string;
  status: Withdrawal['status'];
  txSignature: string | null;
  requestedAt: Date;
  completedAt: Date | null;
}

const withdrawalOf = (r: WithdrawalRow): Withdrawal => ({
  id: r.id,
  transaction_id: r.transactionId,
  amount_cents: num(r.amountCents),
  wallet_address: r.walletAddress,
  status: r.status,
  tx_signature: r.txSignature,
  requested_at: iso(r.requestedAt),
  completed_at: isoOrNull(r.completedAt),
});

/**
 * Accepts a withdrawal: the cash is held at once by one conditional update (never below zero:
 * 422 insufficient_balance), with its pending ledger row and withdrawals row, and the job that
 * completes it after `delayMs` is enqueued in the same transaction.
 */
export const requestWithdrawal = async (
  db: Db,
  jobs: Jobs,
  userId: string,
  input: { walletAddress: string; amountCents: number },
  delayMs: number,
): Promise<WithdrawalAccepted> => {
  // The schema admits base58 of the right length; a key is exactly 32 bytes.
  if (!isSolanaAddress(input.walletAddress)) throw badRequest(rewardsMessages.connectWalletFirst);
  return transaction(db, async (tx) => {
    const [held] = await tx<{ withdrawalId: string; cashBalanceCents: string }[]>`
      select withdrawal_id, cash_balance_cents from rewards._request_withdrawal(${userId}, ${input.amountCents}, ${input.walletAddress})`;
    if (!held) throw new Error('rewards: the withdrawal was not recorded');
    await jobs.enqueue<CompleteWithdrawalJob>(
      tx,
      COMPLETE_WITHDRAWAL_JOB,
      { withdrawalId: held.withdrawalId },
      { startAfterSeconds: delayMs / 1000, singletonKey: held.withdrawalId },
    );
    const [row] = await tx<WithdrawalRow[]>`
      select id, transaction_id, amount_cents, wallet_address, status, tx_signature, requested_at, completed_at
      from rewards.withdrawals where id = ${held.withdrawalId}`;
    if (!row) throw new Error('rewards: the withdrawal row is missing');
    return { withdrawal: withdrawalOf(row), cash_balance_cents: num(held.cashBalanceCents) };
  });
};

/** The caller's last withdrawals, newest first. */
export const listWithdrawals = async (db: Db, userId: string): Promise<Withdrawal[]> => {
  const rows = await db<WithdrawalRow[]>`
    select id, transaction_id, amount_cents, wallet_address, status, tx_signature, requested_at, completed_at
    from rewards.withdrawals where user_id = ${userId}
    order by requested_at desc, id desc limit ${WITHDRAWAL_HISTORY_LIMIT}`;
  return rows.map(withdrawalOf);
};

/**
 * The job's work: complete the withdrawal once with a simulated Solana signature (nothing when
 * it is no longer pending, so a job that runs twice completes it once). Answers whether this
 * call completed it.
 */
export const completeWithdrawal = async (sql: Sql, withdrawalId: string): Promise<boolean> => {
  const [row] = await sql<{ completed: boolean }[]>`select rewards._complete_withdrawal(${withdrawalId}, ${simulatedSignature()}) as completed`;
  return row?.completed ?? false;
};
