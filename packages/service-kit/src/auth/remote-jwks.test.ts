import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { readAuthJwksUrls } from './env';
import { remoteKeySet } from './remote-jwks';
import { AccessTokenError, verifyAccessToken } from './access-token';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const keyPair = async () => {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'live', alg: 'EdDSA', use: 'sig' }] });
  const token = await new SignJWT({ sid: '9d7f1b2e-3c4a-4e5f-8a6b-7c8d9e0f1a2b', email: 'ada@example.com', role: 'authenticated' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'live' })
    .setSubject('4f1c1f9e-8a53-4c1e-9a43-2b0f6b0f7a11')
    .setAudience('starforge')
    .setIssuer('starforge-auth')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
  return { jwks, token };
};

/** A JWKS server on `port` (0: any), counting the requests it answers. */
const serveJwks = async (jwks: string, port = 0) => {
  const hits = { count: 0 };
  const server = createServer((_req, res) => {
    hits.count += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`, hits };
};

/** A loopback address nothing listens on (connections are refused at once). */
const closedAddress = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return { url: `http://127.0.0.1:${port}/jwks.json`, port };
};

describe('the auth service’s keys from any of its copies', () => {
  it('come from the next copy when the first refuses connections', async () => {
    const { jwks, token } = await keyPair();
    const down = await closedAddress();
    const up = await serveJwks(jwks);
    const keys = remoteKeySet([down.url, up.url], []);
    expect((await verifyAccessToken(token, keys)).email).toBe('ada@example.com');
    expect(up.hits.count).toBe(1);
  });

  it('are waited for briefly when no copy answers: a copy back within the retries serves them', async () => {
    const { jwks, token } = await keyPair();
    const restarting = await closedAddress();
    setTimeout(() => void serveJwks(jwks, restarting.port), 150);
    const keys = remoteKeySet([restarting.url], [100, 100, 100]);
    expect((await verifyAccessToken(token, keys)).email).toBe('ada@example.com');
  });

  it('are unavailable (a 503 for requireUser) when no copy answers through every retry', async () => {
    const { token } = await keyPair();
    const keys = remoteKeySet([(await closedAddress()).url, (await closedAddress()).url], [20, 20]);
    const started = Date.now();
    const failure = await verifyAccessToken(token, keys).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AccessTokenError);
    expect((failure as AccessTokenError).kind).toBe('unavailable');
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('AUTH_JWKS_URL names one address or several, comma-separated, each a URL', () => {
    expect(readAuthJwksUrls({ AUTH_JWKS_URL: 'http://a:1/jwks.json' })).toEqual(['http://a:1/jwks.json']);
    expect(readAuthJwksUrls({ AUTH_JWKS_URL: 'http://a:1/jwks.json, http://b:2/jwks.json' })).toEqual(['http://a:1/jwks.json', 'http://b:2/jwks.json']);
    expect(() => readAuthJwksUrls({ AUTH_JWKS_URL: 'http://a:1/jwks.json,nope' })).toThrow(/AUTH_JWKS_URL/);
    expect(() => readAuthJwksUrls({})).toThrow(/AUTH_JWKS_URL/);
  });
});
