import type { PublicEventType, UserEventType } from '@starforge/contracts/shared';
import { transaction, type Db, type Tx } from '../db';
import { publishEvent, type EventToPublish } from '../events/publish-event';
import { publishPublicEvent, type PublicEventToPublish } from '../events/publish-public-event';

/**
 * One change of one user's balance, made in that user's turn of the lock order: `apply` calls the
 * owning domain's published function through its client (`rewardsMoves.creditCash({...})` of
 * `@starforge/rewards-published` builds one) and answers whether it wrote a ledger row (false: a
 * zero amount, skipped by the client, or a repeated key). The kit knows whose move it is, never
 * what it moves.
 */
export interface UserMove {
  /** Whose balance moves. */
  userId: string;
  apply: (tx: Tx) => Promise<boolean>;
}

/** What the caller's locking step answers: its result, the value to move and the events to send. */
export interface CrossUserPlan<T> {
  result: T;
  /** In any order of users; one user's moves run in the order given (a debit before a credit refuses a purchase paid with its own royalty). */
  moves: readonly UserMove[];
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
 * 2. then, for each user in ascending id: that user's moves (each a rewards call through its
 *    client, which locks the user's balance row and publishes `rewards.account_changed`), then
 *    that user's events;
 * 3. last, the public events (they hold the one public lock until commit).
 *
 * Each rewards function locks its user's balance and that user's events lock, so taking users
 * one at a time, always in the same order, is what keeps two such transactions from waiting on
 * each other. A refusal (a move's SQLSTATE: rewards' RW002, not enough cash) rolls the whole
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
        if (move.userId.toLowerCase() === user) moved[index] = await move.apply(tx);
      }
      for (const event of events) if (event.userId.toLowerCase() === user) await publishEvent(tx, event);
    }
    for (const event of plan.publicEvents ?? []) await publishPublicEvent(tx, event);
    return { result: plan.result, moved };
  });
