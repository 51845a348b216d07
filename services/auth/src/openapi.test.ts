import { describe, expect, it } from 'vitest';
import { call, useAuthTestApp } from './testing/harness';

describe('the auth OpenAPI document', () => {
  const app = useAuthTestApp();

  it('lists every endpoint, generated from the route schemas', async () => {
    const doc = (await call(app, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/auth/.well-known/jwks.json',
      '/api/auth/health',
      '/api/auth/logout',
      '/api/auth/profile',
      '/api/auth/ready',
      '/api/auth/signup',
      '/api/auth/token',
      '/api/auth/user',
      '/api/auth/user/wallets',
      '/api/auth/user/wallets/{address}',
      '/api/auth/wallet/nonce',
    ]);
    expect(Object.keys(doc.paths['/api/auth/profile'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/auth/user']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['PasswordGrantBody', 'WalletProofBody']));
  });
});
