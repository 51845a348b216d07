import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShellRoute } from './shell-page';
import { DOWN, rawRequest, startGateway, testConfig } from './testing';

const staticRoot = mkdtempSync(join(tmpdir(), 'gateway-server-'));
const dist = join(staticRoot, 'shell/dist');
const page = `<!doctype html><title>Starforge</title><main>${'<p>the shell</p>'.repeat(50)}</main>`;
mkdirSync(dist, { recursive: true });
mkdirSync(join(staticRoot, 'mfe-nft/dist'), { recursive: true });
writeFileSync(join(dist, 'index.html'), page);
writeFileSync(join(staticRoot, 'mfe-nft/dist/mf-manifest.json'), '{"id":"mfe_nft"}');

let gw: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  // The page is checked on every request here, so a rebuild shows at once.
  gw = await startGateway(testConfig(DOWN, { staticRoot }), { shellRecheckMs: 0 });
});
afterAll(() => gw.close());

/** Sends raw bytes on a fresh connection and returns everything the server wrote back. */
const rawExchange = (bytes: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(gw.url).port), '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

describe('the shell page from memory', () => {
  it('knows which paths are the shell routes', () => {
    for (const path of ['/', '/index.html', '/nfts', '/bounty/42/review']) expect(isShellRoute(path), path).toBe(true);
    for (const path of ['/main.0123abcd.js', '/remotes.json', '/api', '/api/x', '/mfe/mfe_nft/x', '/mfe']) expect(isShellRoute(path), path).toBe(false);
    expect(isShellRoute('/apiary')).toBe(true);
  });

  it('serves index.html in brotli, gzip or as it is, with revalidation headers and the security headers', async () => {
    const br = await rawRequest(`${gw.url}/`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(br.headers['permissions-policy']).toContain('microphone=()');
    expect(await (await fetch(`${gw.url}/`, { headers: { 'accept-encoding': 'br' } })).text()).toBe(page); // fetch decodes br itself

    const gzipRes = await fetch(`${gw.url}/nfts`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipRes.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipRes.text()).toBe(page); // fetch decodes gzip itself

    const plain = await rawRequest(`${gw.url}/bounty/42/review`, { headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await rawRequest(`${gw.url}/`);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^".+"$/);
    const again = await rawRequest(`${gw.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const head = await rawRequest(`${gw.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    expect(head.body).toBe('');
  });

  it('picks up a new build of index.html while running, and says when there is none', async () => {
    const rebuilt = '<!doctype html><title>Starforge, rebuilt</title>';
    writeFileSync(join(dist, 'index.html'), rebuilt);
    expect(await (await fetch(`${gw.url}/`)).text()).toBe(rebuilt);
    rmSync(join(dist, 'index.html'));
    const missing = await fetch(`${gw.url}/`);
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('not built yet');
    writeFileSync(join(dist, 'index.html'), page);
    expect(await (await fetch(`${gw.url}/`)).text()).toBe(page);
  });
});

describe('the rest through Hono on the same server', () => {
  it('serves the remotes map and remote builds, with the security headers', async () => {
    const manifest = await fetch(`${gw.url}/mfe/mfe_nft/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('x-frame-options')).toBe('DENY');
    const remotes = await fetch(`${gw.url}/remotes.json`);
    expect(remotes.headers.get('cache-control')).toBe('no-store');
  });

  it('answers /api without a service with 404 in the error shape', async () => {
    const res = await fetch(`${gw.url}/api`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers TRACE anywhere with 405 in the error shape', async () => {
    const res = await rawRequest(`${gw.url}/`, { method: 'TRACE' });
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'method_not_allowed', message: 'TRACE is not allowed.' } });
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers headers over 16 KiB with 431 in the error shape, then closes', async () => {
    const answer = await rawExchange(`GET /api/auth/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'request_header_fields_too_large', message: 'The request headers are too large.' },
    });
  });

  it('answers a malformed request with 400 in the error shape', async () => {
    const answer = await rawExchange('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header Name: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
