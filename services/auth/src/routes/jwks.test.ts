import { describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, decodeProtectedHeader } from 'jose';
import { readAuthConfig } from '../config/env';
import { call, signUp, testApp, testConfig, useAuthTestApp } from '../testing/harness';

describe('GET /.well-known/jwks.json and the signing key', () => {
  const app = useAuthTestApp();

  it('serves only public Ed25519 keys', async () => {
    const result = await call(app, 'GET', '/.well-known/jwks.json');
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toContain('max-age');
    const { keys } = result.body as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('keeps the key in the database, so a restarted service accepts the sessions it issued', async () => {
    const before = await signUp(testApp(app.sql));
    const restarted = testApp(app.sql);
    expect((await call(restarted, 'GET', '/user', { token: before.session.access_token })).status).toBe(200);
  });

  it('signs with a key given in AUTH_SIGNING_KEY instead', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'from-env' };
    const config = readAuthConfig({ AUTH_SIGNING_KEY: JSON.stringify(jwk) });
    const fromEnv = testApp(app.sql, { config: testConfig({ signingKey: config.signingKey }) });
    const { session } = await signUp(fromEnv);
    expect(decodeProtectedHeader(session.access_token).kid).toBe('from-env');
    const { keys } = (await call(fromEnv, 'GET', '/.well-known/jwks.json')).body as { keys: { kid: string; d?: string }[] };
    expect(keys).toEqual([expect.objectContaining({ kid: 'from-env' })]);
    expect(keys[0]?.d).toBeUndefined();
    expect(() => readAuthConfig({ AUTH_SIGNING_KEY: '{"kty":"oct","k":"c2VjcmV0"}' })).toThrow(/Ed25519 private JWK/);
  });
});
