import { createHash, createHmac, randomBytes } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts/auth';
import { transaction, type Db } from '@starforge/service-kit';
import { announceEnded } from './session-events';

/** Two tabs may spend the same token a moment apart (or at once); the later one is not an attack. */
export const REUSE_GRACE_SECONDS = 10;

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** A new opaque token (32 random bytes, base64url) for the session; only its hash is stored. */
export const insertRefreshToken = async (
  db: Db,
  sessionId: string,
  parentId: string | null,
  token = randomBytes(32).toString('base64url'),
): Promise<string> => {
  await db`
    insert into refresh_tokens (session_id, parent_id, token_hash, expires_at)
    values (${sessionId}, ${parentId}, ${hashToken(token)}, now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS}))`;
  return token;
};

/**
 * The token that follows `token`: an HMAC of it under a secret kept with its row. Only the
 * server (which holds the salt) can compute it, and it is the same however often, or however
 * concurrently, the token is presented.
 */
const successorOf = (token: string, salt: Buffer): string => createHmac('sha256', salt).update(token).digest('base64url');

export type RotationResult = { kind: 'rotated'; sessionId: string; userId: string; refreshToken: string } | { kind: 'reused' } | { kind: 'not_found' };

interface TokenRow {
  id: string;
  sessionId: string;
  userId: string;
  rotated: boolean;
  successorSalt: Buffer | null;
  usable: boolean;
  withinGrace: boolean;
  childUsed: boolean;
}

/**
 * Trades a refresh token for its successor. The row lock makes concurrent uses of one token
 * take turns. A token already rotated means it was copied, and the whole session is revoked,
 * unless it is spent again within the grace interval while its successor is still unused
 * (another tab, a retry, fifty requests at once): then it gets the same successor again, so
 * the session never forks into several live tokens.
 */
export const rotateRefreshToken = (db: Db, token: string): Promise<RotationResult> =>
  transaction(db, async (tx): Promise<RotationResult> => {
    const [row] = await tx<TokenRow[]>`
      select rt.id, rt.session_id, s.user_id, rt.successor_salt,
        rt.rotated_at is not null as rotated,
        s.revoked_at is null and rt.expires_at > now() as usable,
        coalesce(rt.rotated_at > now() - make_interval(secs => ${REUSE_GRACE_SECONDS}), false) as within_grace,
        exists (select 1 from refresh_tokens c where c.parent_id = rt.id and c.rotated_at is not null) as child_used
      from refresh_tokens rt
      join sessions s on s.id = rt.session_id
      where rt.token_hash = ${hashToken(token)}
      for update of rt`;
    if (!row?.usable) return { kind: 'not_found' };

    if (row.rotated && (!row.withinGrace || row.childUsed || !row.successorSalt)) {
      const ended = await tx<{ id: string }[]>`
        update sessions set revoked_at = now(), revoked_reason = 'refresh_token_reused'
        where id = ${row.sessionId} and revoked_at is null
        returning id`;
      await announceEnded(tx, row.userId, ended);
      return { kind: 'reused' };
    }

    let refreshToken: string;
    if (row.rotated && row.successorSalt) {
      refreshToken = successorOf(token, row.successorSalt);
    } else {
      const salt = randomBytes(32);
      await tx`update refresh_tokens set rotated_at = now(), successor_salt = ${salt} where id = ${row.id}`;
      refreshToken = await insertRefreshToken(tx, row.sessionId, row.id, successorOf(token, salt));
    }
    await tx`update sessions set refreshed_at = now() where id = ${row.sessionId}`;
    return { kind: 'rotated', sessionId: row.sessionId, userId: row.userId, refreshToken };
  });

/** The live session a refresh token belongs to, without spending it (sign-out uses this). */
export const sessionOfRefreshToken = async (db: Db, token: string): Promise<{ sessionId: string; userId: string } | null> => {
  const [row] = await db<{ sessionId: string; userId: string }[]>`
    select s.id as session_id, s.user_id
    from refresh_tokens rt
    join sessions s on s.id = rt.session_id
    where rt.token_hash = ${hashToken(token)} and s.revoked_at is null`;
  return row ?? null;
};
