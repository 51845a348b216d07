import type { SignOutScope } from '@starforge/contracts';
import type { Db } from '@starforge/service-kit';
import { insertRefreshToken } from './refresh-tokens';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** Opens a server-side session with its first refresh token. */
export const startSession = async (db: Db, userId: string, client: ClientInfo): Promise<{ sessionId: string; refreshToken: string }> => {
  const [session] = await db<{ id: string }[]>`
    insert into sessions (user_id, ip, user_agent)
    values (${userId}, ${client.ip}, ${client.userAgent?.slice(0, 512) ?? null})
    returning id`;
  if (!session) throw new Error('Session insert returned nothing');
  return { sessionId: session.id, refreshToken: await insertRefreshToken(db, session.id, null) };
};

/** Signs out: `local` the session itself, `global` all of the user's, `others` all but it. */
export const revokeSessions = async (db: Db, scope: SignOutScope, session: { sessionId: string; userId: string }): Promise<void> => {
  const reason = `sign_out_${scope}`;
  if (scope === 'local') {
    await db`update sessions set revoked_at = now(), revoked_reason = ${reason} where id = ${session.sessionId} and revoked_at is null`;
  } else if (scope === 'global') {
    await db`update sessions set revoked_at = now(), revoked_reason = ${reason} where user_id = ${session.userId} and revoked_at is null`;
  } else {
    await db`
      update sessions set revoked_at = now(), revoked_reason = ${reason}
      where user_id = ${session.userId} and id <> ${session.sessionId} and revoked_at is null`;
  }
};
