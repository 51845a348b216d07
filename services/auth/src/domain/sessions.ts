import type { SignOutScope } from '@starforge/contracts/auth';
import { transaction, type Db } from '@starforge/service-kit';
import { announceEnded } from './session-events';
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

/**
 * Signs out: `local` the session itself, `global` all of the user's, `others` all but it. Each
 * ended session is announced (`session.ended`) in the same transaction, so the tabs' live event
 * streams of those sessions close at once, and only if the sign-out committed.
 */
export const revokeSessions = (db: Db, scope: SignOutScope, session: { sessionId: string; userId: string }): Promise<void> =>
  transaction(db, async (tx) => {
    const reason = `sign_out_${scope}`;
    const ended = await tx<{ id: string }[]>`
      update sessions set revoked_at = now(), revoked_reason = ${reason}
      where user_id = ${session.userId} and revoked_at is null
        and ${scope === 'local' ? tx`id = ${session.sessionId}` : scope === 'others' ? tx`id <> ${session.sessionId}` : tx`true`}
      returning id`;
    await announceEnded(tx, session.userId, ended);
  });
