import type { Sql } from '../db';

/** Whether the session is still signed in, read through the view the auth domain publishes. */
export const isSessionActive = async (sql: Sql, user: { id: string; sessionId: string }): Promise<boolean> => {
  const rows = await sql`
    select 1 from auth.active_sessions
    where id = ${user.sessionId} and user_id = ${user.id}`;
  return rows.length > 0;
};
