import type { Sql } from '@starforge/service-kit';
import { parseStoredEvent, type StoredEvent } from './stored-event';

/** How long events are kept for replay after a reconnect. */
export const EVENT_RETENTION_MS = 15 * 60_000;

/**
 * The newest event id of a user: where a stream opened without Last-Event-ID starts. Ids of
 * one user commit in order (see events.publish), so nothing after it is committed yet.
 */
export const latestEventId = async (sql: Sql, userId: string): Promise<number> => {
  const [row] = await sql<{ id: string | null }[]>`select max(id) as id from events where user_id = ${userId}`;
  return row?.id ? Number(row.id) : 0;
};

/**
 * The events each stream missed: for every (user, after) pair, that user's events with a
 * larger id, in id order. One query for any number of streams (a resync after the listening
 * connection came back asks for all of them at once). Rows come in the NOTIFY payload's shape.
 */
export const eventsAfter = async (sql: Sql, cursors: { userId: string; afterId: number }[]): Promise<StoredEvent[]> => {
  if (cursors.length === 0) return [];
  const rows = await sql<{ payload: string }[]>`
    select json_build_object('id', e.id, 'userId', e.user_id, 'type', e.type, 'data', e.data)::text as payload
    from unnest(${cursors.map((c) => c.userId)}::uuid[], ${cursors.map((c) => c.afterId)}::bigint[]) as c(user_id, after_id)
    join events e on e.user_id = c.user_id and e.id > c.after_id
    order by e.id`;
  return rows.map((r) => parseStoredEvent(r.payload)).filter((e): e is StoredEvent => e !== null);
};

/**
 * Whether every event after `afterId` is still kept: the cleanup deleted none above it.
 * Conservative (a deleted id of any user counts), so the answer errs towards "refetch".
 */
export const keptSince = async (sql: Sql, afterId: number): Promise<boolean> => {
  const [row] = await sql<{ deletedThrough: string }[]>`select deleted_through from retention`;
  return !row || Number(row.deletedThrough) <= afterId;
};

/** Deletes events older than the retention and records the largest id deleted; returns how many went. */
export const deleteExpiredEvents = async (sql: Sql, retentionMs = EVENT_RETENTION_MS): Promise<number> => {
  const [row] = await sql<{ count: number }[]>`
    with gone as (
      delete from events where created_at < now() - ${retentionMs} * interval '1 millisecond' returning id
    ), recorded as (
      insert into retention (deleted_through) select max(id) from gone having count(*) > 0
      on conflict (singleton) do update set deleted_through = greatest(retention.deleted_through, excluded.deleted_through)
    )
    select count(*)::int as count from gone`;
  return row?.count ?? 0;
};

/** Which of these sessions are still signed in, read through the view auth publishes. */
export const activeSessionIds = async (sql: Sql, sessionIds: string[]): Promise<Set<string>> => {
  if (sessionIds.length === 0) return new Set();
  const rows = await sql<{ id: string }[]>`select id from auth.active_sessions where id = any(${sessionIds}::uuid[])`;
  return new Set(rows.map((r) => r.id));
};
