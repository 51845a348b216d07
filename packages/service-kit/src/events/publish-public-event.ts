import { isPublicEventType, publicEventDataSchemas, type PublicEventData, type PublicEventType } from '@starforge/contracts/shared';
import type { Db } from '../db';

export interface PublicEventToPublish<T extends PublicEventType> {
  type: T;
  /** Ids and a status, exactly the keys declared in `publicEventDataSchemas`: every signed-in tab receives it. */
  data: PublicEventData<T>;
}

/**
 * Publishes a live event to every open stream (a listing sold, a bounty claimed) through
 * `events.publish_public`. Inside a transaction, the event leaves only if the transaction
 * commits. Call it last, after the transaction's user events (`publishEvent`, and rewards
 * functions, which publish inside themselves): it holds the one public lock until commit (that
 * lock keeps public events in id order, which makes replay exact), and the database refuses a
 * user event after it, since the reverse lock order could deadlock. Refuses a type that is
 * not declared public in packages/contracts and data with keys its schema does not declare.
 * Adds `transactionId`, this transaction's `pg_current_xact_id()`: the payload of the NOTIFY by
 * which a service's `NotifiedCache` hears of the same change, so a screen that refetches on the
 * event can ask for an answer no older than it (`seen`). Returns the event id.
 */
export const publishPublicEvent = async <T extends PublicEventType>(db: Db, event: PublicEventToPublish<T>): Promise<string> => {
  if (!isPublicEventType(event.type)) throw new Error(`${String(event.type)} is not a public event declared in packages/contracts (PublicEventMap)`);
  const data = publicEventDataSchemas[event.type].parse(event.data);
  const [row] = await db<{ id: string }[]>`
    select events.publish_public(${event.type}, ${JSON.stringify(data)}::text::jsonb || jsonb_build_object('transactionId', pg_current_xact_id()::text)) as id`;
  if (!row) throw new Error('events.publish_public returned nothing');
  return row.id;
};
