import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_TTL_SECONDS } from '@starforge/contracts/auth';
import type { Sql } from '../db';
import { publishEvent } from '../events/publish-event';
import type { AccessTokenKeys, AuthenticatedUser } from './access-token';

export interface TestTokens {
  /** Inject into `requireUser({ sql, keys })`. */
  keys: AccessTokenKeys;
  /** An access token for the user, shaped like the auth service's. */
  sign: (user: AuthenticatedUser, ttlSeconds?: number) => Promise<string>;
  /** A user with a live session in the auth schema, and a token for it. */
  signIn: (sql: Sql, email?: string) => Promise<{ user: AuthenticatedUser; token: string }>;
  /**
   * Ends the user's session. With `announce`, as the auth service's sign-out does: `session.ended`
   * is published in the same transaction (apply the events migrations too). Without it, quietly:
   * a revocation whose event a process never heard.
   */
  signOut: (sql: Sql, user: AuthenticatedUser, options?: { announce?: boolean }) => Promise<void>;
}

/**
 * Access tokens for other services' tests, signed by a throwaway key. `signIn` writes to the
 * auth schema, so apply the auth service's migrations (services/auth/migrations) to the test
 * database first, e.g. `testSql([{ schema: 'auth', dir }, { schema: 'nft', dir }], 'nft')`.
 */
export const createTestTokens = async (): Promise<TestTokens> => {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const kid = `test-${randomUUID()}`;
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' }] });

  const sign = (user: AuthenticatedUser, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: user.sessionId, email: user.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(privateKey);
  };

  const signIn = async (sql: Sql, email = `user-${randomUUID().slice(0, 8)}@example.com`) => {
    const [row] = await sql<{ userId: string; sessionId: string }[]>`
      with u as (
        insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id
      )
      insert into auth.sessions (user_id) select id from u returning user_id, id as session_id`;
    if (!row) throw new Error('Test sign-in inserted nothing');
    const user = { id: row.userId, email, sessionId: row.sessionId };
    return { user, token: await sign(user) };
  };

  const signOut = async (sql: Sql, user: AuthenticatedUser, options: { announce?: boolean } = {}) => {
    await sql.begin(async (tx) => {
      await tx`update auth.sessions set revoked_at = now(), revoked_reason = 'test_sign_out' where id = ${user.sessionId}`;
      if (options.announce) await publishEvent(tx, { userId: user.id, type: 'session.ended', data: { sessionId: user.sessionId } });
    });
  };

  return { keys, sign, signIn, signOut };
};
