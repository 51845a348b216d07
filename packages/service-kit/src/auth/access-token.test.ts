import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { AccessTokenError, bearerToken, verifyAccessToken } from './access-token';
import { createTestTokens } from './test-tokens';

const user = { id: '4f1c1f9e-8a53-4c1e-9a43-2b0f6b0f7a11', email: 'ada@example.com', sessionId: '9d7f1b2e-3c4a-4e5f-8a6b-7c8d9e0f1a2b' };

const claims = { sid: user.sessionId, email: user.email, role: 'authenticated' };

describe('verifyAccessToken', () => {
  it('answers who the token names', async () => {
    const tokens = await createTestTokens();
    expect(await verifyAccessToken(await tokens.sign(user), tokens.keys)).toEqual(user);
  });

  const refused = async (token: string, keys: Parameters<typeof verifyAccessToken>[1], options?: Parameters<typeof verifyAccessToken>[2]) => {
    const error = await verifyAccessToken(token, keys, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessTokenError);
    expect((error as AccessTokenError).kind).toBe('invalid');
  };

  it('refuses an expired token, unless a sign-out grace is asked for', async () => {
    const tokens = await createTestTokens();
    const expired = await tokens.sign(user, -60);
    await refused(expired, tokens.keys);
    expect(await verifyAccessToken(expired, tokens.keys, { expiredGraceSeconds: 3_600 })).toEqual(user);
  });

  it('refuses a token from another key, audience or issuer', async () => {
    const tokens = await createTestTokens();
    const other = await createTestTokens();
    await refused(await other.sign(user), tokens.keys);

    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'EdDSA' }] });
    const base = () => new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: 'k' }).setSubject(user.id).setIssuedAt().setExpirationTime('5m');
    await refused(await base().setAudience('someone-else').setIssuer('starforge-auth').sign(privateKey), keys);
    await refused(await base().setAudience('starforge').setIssuer('someone-else').sign(privateKey), keys);
    await refused(await base().setAudience('starforge').setIssuer('starforge-auth').setSubject('not-a-uuid').sign(privateKey), keys);
    expect(await verifyAccessToken(await base().setAudience('starforge').setIssuer('starforge-auth').sign(privateKey), keys)).toEqual(user);
  });

  it('accepts EdDSA only: no unsigned tokens, no HMAC', async () => {
    const tokens = await createTestTokens();
    const unsigned = new UnsecuredJWT(claims).setSubject(user.id).setAudience('starforge').setIssuer('starforge-auth').setExpirationTime('5m').encode();
    await refused(unsigned, tokens.keys);
    const secret = new TextEncoder().encode('a-shared-secret-that-is-long-enough!');
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('starforge')
      .setIssuer('starforge-auth')
      .setExpirationTime('5m')
      .sign(secret);
    await refused(hmac, tokens.keys);
    await refused('not.a.jwt', tokens.keys);
  });

  it('tells an unreachable key set apart from a bad token', async () => {
    const tokens = await createTestTokens();
    const down = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await verifyAccessToken(await tokens.sign(user), down).catch((e: unknown) => e);
    expect((error as AccessTokenError).kind).toBe('unavailable');
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
