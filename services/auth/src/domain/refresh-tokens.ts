import { createHash, randomBytes } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts';
import { transaction, type Db } from '@starforge/service-kit';

/** Two tabs may spend the same token a moment apart; the later one is not an attack. */
export const REUSE_GRACE_SECONDS = 10;

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** A new opaque token (32 random bytes, base64url) for the session; only its hash is stored. */
export const insertRefreshToken = async (db: Db, sessionId: string, parentId: string | null): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await db`
    insert into refresh_tokens (session_id, parent_id, token_hash, expires_at)
    values (${sessionId}, ${parentId}, ${hashToken(token)}, now() + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS}))`;
  return token;
};

export type RotationResult =
  | { kind: 'rotated'; sessionId: string; userId: string; refreshToken: string }
  | { kind: 'reused' }
  | { kind: 'not_found' };

interface TokenRow {
  id: string;
  parentId: string | null;
  sessionId: string;
  userId: string;
  rotated: boolean;
  usable: boolean;
  withinGrace: boolean;
  childUsed: boolean;
}

/**
 * Trades a refresh token for a new one. The row lock makes concurrent uses of one token take
 * turns. A token already rotated means it was copied: the whole session is revoked, unless it
 * is the token just before the current one, spent again within the grace interval (another
 * tab of the same browser), which gets a sibling of the token the first tab received.
 */
export const rotateRefreshToken = (db: Db, token: string): Promise<RotationResult> =>
  transaction(db, async (tx): Promise<RotationResult> => {
    const [row] = await tx<TokenRow[]>`
      select rt.id, rt.parent_id, rt.session_id, s.user_id,
        rt.rotated_at is not null as rotated,
        s.revoked_at is null and rt.expires_at > now() as usable,
        coalesce(rt.rotated_at > now() - make_interval(secs => ${REUSE_GRACE_SECONDS}), false) as within_grace,
        exists (select 1 from refresh_tokens c where c.parent_id = rt.id and c.rotated_at is not null) as child_used
      from refresh_tokens rt
      join sessions s on s.id = rt.session_id
      where rt.token_hash = ${hashToken(token)}
      for update of rt`;
    if (!row || !row.usable) return { kind: 'not_found' };

    if (row.rotated && (!row.withinGrace || row.childUsed)) {
      await tx`
        update sessions set revoked_at = now(), revoked_reason = 'refresh_token_reused'
        where id = ${row.sessionId} and revoked_at is null`;
      return { kind: 'reused' };
    }

    if (!row.rotated) {
      await tx`update refresh_tokens set rotated_at = now() where id = ${row.id}`;
      // A sibling handed out in a grace interval loses once this one is spent.
      if (row.parentId) {
        await tx`
          update refresh_tokens set rotated_at = now()
          where parent_id = ${row.parentId} and id <> ${row.id} and rotated_at is null`;
      }
    }
    const refreshToken = await insertRefreshToken(tx, row.sessionId, row.id);
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
