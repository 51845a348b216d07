import { isPublicEventType, userEventSchemas, type UserEventMap, type UserEventType } from '@starforge/contracts/shared';
import type { Db } from '../db';

export interface EventToPublish<T extends UserEventType> {
  /** Whose stream receives it: only this user's open tabs. */
  userId: string;
  type: T;
  /** Ids and small facts (at most 4,000 bytes as JSON); the screen refetches what it shows. */
  data: UserEventMap[T];
}

/**
 * Publishes a live event to a user's open tabs through `events.publish` (the events schema's
 * published function). Inside a transaction, the event leaves only if the transaction
 * commits; call it last, because it holds a per-user lock until commit (that lock keeps one
 * user's events in id order, which makes replay after a reconnect exact), but before any
 * `publishPublicEvent` of the same transaction. Returns the event id.
 * Data is validated against its registered schema first; a public type is refused.
 */
export const publishEvent = async <T extends UserEventType>(db: Db, event: EventToPublish<T>): Promise<string> => {
  if (isPublicEventType(event.type)) throw new Error(`${event.type} is a public event: publish it with publishPublicEvent`);
  const schema = userEventSchemas[event.type];
  if (!schema) throw new Error(`${event.type} is not a user event declared in packages/contracts (UserEventMap)`);
  const data = schema.parse(event.data);
  const [row] = await db<{ id: string }[]>`
    select events.publish(${event.userId}, ${event.type}, ${JSON.stringify(data)}::text::jsonb) as id`;
  if (!row) throw new Error('events.publish returned nothing');
  return row.id;
};

/**
 * Publishes several events in one transaction (a sale tells the buyer and the seller), taking
 * the per-user locks in user-id order so two such transactions cannot deadlock on each other.
 * One user's events keep their given order. Returns the ids in the given order.
 */
export const publishEvents = async (db: Db, events: EventToPublish<UserEventType>[]): Promise<string[]> => {
  const order = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (a.event.userId < b.event.userId ? -1 : a.event.userId > b.event.userId ? 1 : a.index - b.index));
  const ids: string[] = new Array(events.length);
  for (const { event, index } of order) ids[index] = await publishEvent(db, event);
  return ids;
};
