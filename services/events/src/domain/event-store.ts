import type { StreamCursor } from '@starforge/contracts/shared';
import type { Sql } from '@starforge/service-kit';
import { activeSessions } from '@starforge/auth-published';
import { parseStoredEvent, type StoredEvent } from './stored-event';

/** How long events are kept for replay after a reconnect. */
export const EVENT_RETENTION_MS = 15 * 60_000;

/**
 * Where a stream opened without Last-Event-ID starts: the user's newest event id and the
 * newest public event id. Each kind commits in id order (see events.publish and
 * events.publish_public), so nothing of either kind below them is still to commit.
 */
export const latestCursor = async (sql: Sql, userId: string): Promise<StreamCursor> => {
  const [row] = await sql<{ user: string | null; public: string | null }[]>`
    select
      (select max(id) from events where user_id = ${userId}) as user,
      (select max(id) from events where user_id is null) as public`;
  return { user: Number(row?.user ?? 0), public: Number(row?.public ?? 0) };
};

/** One stream's replay point: its user and what it has sent of each kind. */
export interface ReplayFrom {
  userId: string;
  cursor: StreamCursor;
}

/**
 * The events the streams missed, in id order: for every stream, its user's events after its
 * user cursor, and the public events after the smallest public cursor among them (each
 * stream skips those it has sent). One query for any number of streams (a resync after the
 * listening connection came back asks for all of them at once). Rows come in the NOTIFY
 * payload's shape. With `limit`, at most that many rows.
 */
export const eventsAfter = async (sql: Sql, streams: ReplayFrom[], limit?: number): Promise<StoredEvent[]> => {
  if (streams.length === 0) return [];
  const publicAfter = Math.min(...streams.map((s) => s.cursor.public));
  const rows = await sql<{ payload: string }[]>`
    select payload from (
      select e.id, json_build_object('id', e.id, 'userId', e.user_id, 'type', e.type, 'data', e.data)::text as payload
      from unnest(${streams.map((s) => s.userId)}::uuid[], ${streams.map((s) => s.cursor.user)}::bigint[]) as c(user_id, after_id)
      join events e on e.user_id = c.user_id and e.id > c.after_id
      union all
      select e.id, json_build_object('id', e.id, 'userId', null, 'type', e.type, 'data', e.data)::text
      from events e
      where e.user_id is null and e.id > ${publicAfter}
    ) missed
    order by id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
  return rows.map((r) => parseStoredEvent(r.payload)).filter((e): e is StoredEvent => e !== null);
};

/**
 * Whether every event after the cursor is still kept: the cleanup deleted no user event above
 * its user cursor and no public event above its public cursor. Conservative (a deleted id of
 * any user counts), so the answer errs towards "refetch".
 */
export const keptSince = async (sql: Sql, cursor: StreamCursor): Promise<boolean> => {
  const [row] = await sql<{ deletedThrough: string; publicDeletedThrough: string }[]>`select deleted_through, public_deleted_through from retention`;
  return !row || (Number(row.deletedThrough) <= cursor.user && Number(row.publicDeletedThrough) <= cursor.public);
};

/**
 * Deletes events (user and public) older than the retention and records the largest id
 * deleted of each kind; returns how many went.
 */
export const deleteExpiredEvents = async (sql: Sql, retentionMs = EVENT_RETENTION_MS): Promise<number> => {
  const [row] = await sql<{ count: number }[]>`
    with gone as (
      delete from events where created_at < now() - ${retentionMs} * interval '1 millisecond' returning id, user_id
    ), recorded as (
      insert into retention (deleted_through, public_deleted_through)
      select coalesce(max(id) filter (where user_id is not null), 0), coalesce(max(id) filter (where user_id is null), 0)
      from gone having count(*) > 0
      on conflict (singleton) do update set
        deleted_through = greatest(retention.deleted_through, excluded.deleted_through),
        public_deleted_through = greatest(retention.public_deleted_through, excluded.public_deleted_through)
    )
    select count(*)::int as count from gone`;
  return row?.count ?? 0;
};

/** Which of these sessions are still signed in, read through the view auth publishes. */
export const activeSessionIds = async (sql: Sql, sessionIds: string[]): Promise<Set<string>> => {
  if (sessionIds.length === 0) return new Set();
  const rows = await sql<{ id: string }[]>`select id from ${activeSessions(sql)} where id = any(${sessionIds}::uuid[])`;
  return new Set(rows.map((r) => r.id));
};
