import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGatewayApp } from './app';
import { defaultRemotes, readGatewayConfig, type GatewayConfig } from './env';

const staticRoot = mkdtempSync(join(tmpdir(), 'gateway-static-'));
mkdirSync(join(staticRoot, 'shell/dist'), { recursive: true });
mkdirSync(join(staticRoot, 'mfe-nft/dist'), { recursive: true });
writeFileSync(join(staticRoot, 'shell/dist/index.html'), '<!doctype html><title>Starforge</title>');
writeFileSync(join(staticRoot, 'shell/dist/main.0123abcd.js'), 'console.log(1)');
writeFileSync(join(staticRoot, 'shell/dist/main.0123abcd.js.br'), brotliCompressSync('console.log(1)'));
writeFileSync(join(staticRoot, 'mfe-nft/dist/mf-manifest.json'), '{"id":"mfe_nft"}');

// The static side only: the proxy and the shell page are tested on the real server (proxy.test.ts, gateway-server.test.ts).
const config: Pick<GatewayConfig, 'staticRoot' | 'remotes' | 'publicOrigin'> = { staticRoot, remotes: defaultRemotes(), publicOrigin: 'http://localhost:3000' };

const envFor = (extra: Record<string, string>) => ({
  AUTH_URL: 'http://127.0.0.1:1',
  NFT_URL: 'http://127.0.0.1:1',
  MARKETPLACE_URL: 'http://127.0.0.1:1',
  BOUNTIES_URL: 'http://127.0.0.1:1',
  REWARDS_URL: 'http://127.0.0.1:1',
  EVENTS_URL: 'http://127.0.0.1:1',
  STATIC_ROOT: staticRoot,
  ...extra,
});

describe('gateway', () => {
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
    const moved = readGatewayConfig(envFor({ REMOTES_MAP: '{"mfe_nft":"https://cdn.example.com/mfe_nft/mf-manifest.json"}' }));
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
    expect(res.headers.get('permissions-policy')).toContain('camera=(), ');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    // Over plain http, no HSTS and no upgrade of requests.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('turns on HSTS and upgrade-insecure-requests when the public origin is https', async () => {
    const behindTls = readGatewayConfig(envFor({ PUBLIC_ORIGIN: 'https://starforge.example' }));
    expect(behindTls.publicOrigin).toBe('https://starforge.example');
    const res = await createGatewayApp(behindTls).request('/mfe/mfe_nft/mf-manifest.json');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('takes the public origin from PUBLIC_ORIGIN, else the local URL on PORT', () => {
    expect(readGatewayConfig(envFor({ PORT: '4321' })).publicOrigin).toBe('http://localhost:4321');
  });
});
