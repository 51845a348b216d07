import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './app';
import { defaultRemotes, readGatewayConfig, type GatewayConfig } from './env';

// A real upstream service on loopback that echoes what the gateway forwarded.
const upstream = new Hono().all('/api/auth/*', async (c) =>
  c.json(
    {
      path: c.req.path,
      query: c.req.query(),
      method: c.req.method,
      body: c.req.method === 'POST' ? await c.req.text() : null,
      cookie: c.req.header('cookie') ?? null,
      forwardedFor: c.req.header('x-forwarded-for') ?? null,
      forwardedHost: c.req.header('x-forwarded-host') ?? null,
    },
    200,
    { 'set-cookie': 'sf_refresh=abc; HttpOnly; Path=/api/auth' },
  ),
);

const staticRoot = mkdtempSync(join(tmpdir(), 'gateway-static-'));
mkdirSync(join(staticRoot, 'shell/dist'), { recursive: true });
mkdirSync(join(staticRoot, 'mfe-nft/dist'), { recursive: true });
writeFileSync(join(staticRoot, 'shell/dist/index.html'), '<!doctype html><title>Starforge</title>');
writeFileSync(join(staticRoot, 'shell/dist/main.0123abcd.js'), 'console.log(1)');
writeFileSync(join(staticRoot, 'shell/dist/main.0123abcd.js.br'), brotliCompressSync('console.log(1)'));
writeFileSync(join(staticRoot, 'mfe-nft/dist/mf-manifest.json'), '{"id":"mfe_nft"}');

let server: ServerType;
let config: GatewayConfig;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  const up = `http://127.0.0.1:${port}`;
  // The nft service is a closed port: nothing listens on port 9 of loopback.
  config = { port: 0, host: '127.0.0.1', staticRoot, services: { auth: up, nft: 'http://127.0.0.1:9', marketplace: up, bounties: up, rewards: up, events: up }, remotes: defaultRemotes() };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gateway', () => {
  it('proxies /api/<domain>/* with path, query, body and cookies, and sets forwarding headers at the edge', async () => {
    const app = createGatewayApp(config);
    const res = await app.request('http://localhost:3000/api/auth/token?grant_type=password', {
      method: 'POST',
      body: '{"email":"a@b.c"}',
      headers: { 'content-type': 'application/json', cookie: 'sf_refresh=old', 'x-forwarded-for': '6.6.6.6', host: 'localhost:3000' },
    });
    expect(res.status).toBe(200);
    const echoed = (await res.json()) as Record<string, unknown>;
    expect(echoed).toMatchObject({ path: '/api/auth/token', query: { grant_type: 'password' }, method: 'POST', body: '{"email":"a@b.c"}', cookie: 'sf_refresh=old', forwardedHost: 'localhost:3000' });
    expect(echoed.forwardedFor).not.toContain('6.6.6.6');
    expect(res.headers.get('set-cookie')).toContain('sf_refresh=abc');
  });

  it('answers 502 with the error shape when a service is down, and 404 for an unknown domain', async () => {
    const app = createGatewayApp(config);
    const down = await app.request('/api/nft/health');
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ error: { code: 'service_unavailable', message: 'The nft service is unavailable. Please try again shortly.' } });
    const unknown = await app.request('/api/payments/health');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('serves the remotes map without caching', async () => {
    const res = await createGatewayApp(config).request('/remotes.json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(defaultRemotes());
  });

  it('serves remote builds and the shell, with index.html for client routes', async () => {
    const app = createGatewayApp(config);
    const manifest = await app.request('/mfe/mfe_nft/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const chunk = await app.request('/main.0123abcd.js');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    const compressed = await app.request('/main.0123abcd.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    const route = await app.request('/bounty/42/review');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Starforge</title>');
  });

  it('sends the security headers, with a CSP that allows only the remotes origins', async () => {
    const moved = readGatewayConfig({
      AUTH_URL: 'http://127.0.0.1:1',
      NFT_URL: 'http://127.0.0.1:1',
      MARKETPLACE_URL: 'http://127.0.0.1:1',
      BOUNTIES_URL: 'http://127.0.0.1:1',
      REWARDS_URL: 'http://127.0.0.1:1',
      EVENTS_URL: 'http://127.0.0.1:1',
      STATIC_ROOT: staticRoot,
      REMOTES_MAP: '{"mfe_nft":"https://cdn.example.com/mfe_nft/mf-manifest.json"}',
    });
    expect(moved.remotes.mfe_nft).toBe('https://cdn.example.com/mfe_nft/mf-manifest.json');
    expect(moved.remotes.mfe_auth).toBe('/mfe/mfe_auth/mf-manifest.json');
    const res = await createGatewayApp(moved).request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://cdn.example.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
