import type { PublicEventType, TransactionSource, UserEventType } from '@starforge/contracts';
import { transaction, type Db, type Tx } from '../db';
import { publishEvent, type EventToPublish } from '../events/publish-event';
import { publishPublicEvent, type PublicEventToPublish } from '../events/publish-public-event';

/** The cash kinds other domains move (rewards.credit_cash / debit_cash). */
export type CashKind = 'sale_proceeds' | 'royalty' | 'bounty_reward';

/** What a ledger row came from; the user's statement links to it. */
export interface MoveSource {
  type: TransactionSource;
  id: string;
}

interface MoveBase {
  /** Whose balance moves. */
  userId: string;
  /** Shown on the user's statement (1-500 characters). */
  description: string;
  source: MoveSource | null;
  /**
   * Unique per user for this effect (`sale:<saleId>:royalty`): a repeated key moves nothing, so
   * a retried request or job moves the value once.
   */
  key: string;
}

/**
 * One change of one user's balance through rewards' published functions. Amounts are whole and
 * never negative; a zero amount is skipped (a 0 % royalty, a $0 bounty).
 */
export type ValueMove =
  | (MoveBase & { op: 'debit_cash'; cents: number; kind: CashKind })
  | (MoveBase & { op: 'credit_cash'; cents: number; kind: CashKind })
  // Cash the user may not spend until `settlesAt` has passed and the payment settled (card proceeds): rewards.credit_pending_cash.
  | (MoveBase & { op: 'credit_pending_cash'; cents: number; kind: 'sale_proceeds' | 'royalty'; settlesAt: Date })
  | (MoveBase & { op: 'award_points'; points: number; rule: string })
  // The pending credit under `key` settled: rewards.settle_cash moves it into the cash balance (description and source unused).
  | (Pick<MoveBase, 'userId' | 'key'> & { op: 'settle_cash' });

/** What the caller's locking step answers: its result, the value to move and the events to send. */
export interface CrossUserPlan<T> {
  result: T;
  /** In any order of users; one user's moves run in the order given (a debit before a credit refuses a purchase paid with its own royalty). */
  moves: readonly ValueMove[];
  /** The caller's own events, each sent after its user's moves. */
  events?: readonly EventToPublish<UserEventType>[];
  /** Public events (a listing sold, a bounty claimed: ids only), sent last, after every user's. */
  publicEvents?: readonly PublicEventToPublish<PublicEventType>[];
}

export interface CrossUserOutcome<T> {
  result: T;
  /** Per move, in the order given: whether it wrote a ledger row (false: a zero amount or a repeated key). */
  moved: boolean[];
}

/** The amount a move carries (a zero one is skipped); null for a settlement, which carries none. */
const amountOf = (move: ValueMove): number | null => (move.op === 'settle_cash' ? null : move.op === 'award_points' ? move.points : move.cents);

const callRewards = async (tx: Tx, move: ValueMove): Promise<boolean> => {
  if (move.op === 'settle_cash') {
    const [settled] = await tx<{ moved: boolean }[]>`select rewards.settle_cash(${move.userId}, ${move.key}) as moved`;
    return settled?.moved === true;
  }
  const source = move.source ? tx.json({ type: move.source.type, id: move.source.id }) : null;
  if (move.op === 'credit_pending_cash') {
    const [pending] = await tx<{ moved: boolean }[]>`
      select rewards.credit_pending_cash(${move.userId}, ${move.cents}, ${move.kind}, ${move.description}, ${source}, ${move.key}, ${move.settlesAt}) as moved`;
    return pending?.moved === true;
  }
  const [row] =
    move.op === 'award_points'
      ? await tx<{ moved: boolean }[]>`
          select rewards.award_points(${move.userId}, ${move.points}, ${move.rule}, ${move.description}, ${source}, ${move.key}) as moved`
      : move.op === 'credit_cash'
        ? await tx<{ moved: boolean }[]>`
            select rewards.credit_cash(${move.userId}, ${move.cents}, ${move.kind}, ${move.description}, ${source}, ${move.key}) as moved`
        : await tx<{ moved: boolean }[]>`
            select rewards.debit_cash(${move.userId}, ${move.cents}, ${move.kind}, ${move.description}, ${source}, ${move.key}) as moved`;
  return row?.moved === true;
};

/**
 * Users in the one order every cross-user transaction takes their locks in: ascending id. Ids
 * are compared as lowercase text, which for UUIDs is PostgreSQL's own uuid order.
 */
const usersInLockOrder = (ids: Iterable<string>): string[] => [...new Set([...ids].map((id) => id.toLowerCase()))].sort();

/**
 * A transaction that moves value between several users (a sale: buyer, seller and creator; a
 * bounty payout: creator and claimer), in the house's one lock order so it cannot deadlock
 * against its mirror image (a sale A→B beside a sale B→A):
 *
 * 1. `lockAndPlan(tx)`: lock and write your own domain rows (the listing, the payment, the
 *    bounty; several rows in a stable order, e.g. by id) and answer what value moves;
 * 2. then, for each user in ascending id: that user's rewards calls (each locks the user's
 *    balance row and publishes `rewards.account_changed`), then that user's events;
 * 3. last, the public events (they hold the one public lock until commit).
 *
 * Each rewards function locks its user's balance and that user's events lock, so taking users
 * one at a time, always in the same order, is what keeps two such transactions from waiting on
 * each other. Zero amounts are skipped; a refusal (RW002, not enough cash) rolls the whole
 * transaction back. Given a transaction, it runs inside it (a savepoint), so it commits with the
 * caller's (for example with an idempotency key kept in the same transaction).
 */
export const crossUserTransaction = <T>(db: Db, lockAndPlan: (tx: Tx) => Promise<CrossUserPlan<T>>): Promise<CrossUserOutcome<T>> =>
  transaction(db, async (tx) => {
    const plan = await lockAndPlan(tx);
    const events = plan.events ?? [];
    const moved = plan.moves.map(() => false);
    const users = usersInLockOrder([...plan.moves.map((m) => m.userId), ...events.map((e) => e.userId)]);
    for (const user of users) {
      for (const [index, move] of plan.moves.entries()) {
        if (move.userId.toLowerCase() !== user || amountOf(move) === 0) continue;
        moved[index] = await callRewards(tx, move);
      }
      for (const event of events) if (event.userId.toLowerCase() === user) await publishEvent(tx, event);
    }
    for (const event of plan.publicEvents ?? []) await publishPublicEvent(tx, event);
    return { result: plan.result, moved };
  });
