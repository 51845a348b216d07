import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from '@hono/zod-openapi';
import { DEFAULT_BODY_LIMIT_BYTES } from '@starforge/contracts/shared';
import { createServiceApp, type ServiceApp } from '../create-app';
import { createSql, type Sql } from '../db';
import { serveApp } from './serve-app';

const json = { 'content-type': 'application/json' };

/** A body sent in pieces with no Content-Length, as a chunked upload arrives. */
const chunked = (pieces: number, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < pieces; i++) controller.enqueue(new Uint8Array(size).fill(120));
      controller.close();
    },
  });

type Send = (path: string, init?: RequestInit) => Promise<Response>;

// The same cases in process (app.request: the web Request path) and through a real Node server
// (@hono/node-server: the body is read from Node's request straight into Hono's body cache).
describe.each(['in process', 'over HTTP'] as const)('route body limits in every service (%s)', (how) => {
  let sql: Sql;
  let app: ServiceApp;
  let server: ServerType | undefined;
  let send: Send;
  /**
   * A POST whose Content-Length says `bytes`. In process the header alone (nothing reads the
   * body); over HTTP the client sends what it declares, so the body is real.
   */
  const declaring = (bytes: number, headers: Record<string, string> = json): RequestInit =>
    how === 'in process'
      ? { method: 'POST', body: 'x', headers: { ...headers, 'content-length': String(bytes) } }
      : { method: 'POST', body: 'x'.repeat(bytes), headers };
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 1 });
    app = createServiceApp('nft', sql);
    app.post('/echo', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
    app.post('/images', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
    // Read twice, as text and as JSON: the idempotency check reads the bytes, the validator the JSON.
    app.post('/both', async (c) => c.json({ text: await c.req.text(), json: await c.req.json<unknown>(), bytes: (await c.req.arrayBuffer()).byteLength }));
    if (how === 'in process') {
      send = async (path, init) => app.request(path, init);
      return;
    }
    const listening = serveApp(app, { port: 0, hostname: '127.0.0.1' });
    server = listening;
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    const { port } = listening.address() as AddressInfo;
    send = (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init);
  });
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await sql.end();
  });

  const tooLarge = { error: { code: 'payload_too_large', message: 'The request body is too large (at most 16 KiB).' } };

  it('accepts a body within the default limit', async () => {
    const res = await send('/api/nft/echo', { method: 'POST', body: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES), headers: json });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: DEFAULT_BODY_LIMIT_BYTES });
  });

  it('refuses at once a Content-Length over the limit, before the handler runs', async () => {
    const res = await send('/api/nft/echo', declaring(DEFAULT_BODY_LIMIT_BYTES + 1));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it('counts a chunked body as it is read and refuses it past the limit', async () => {
    const res = await send('/api/nft/echo', { method: 'POST', body: chunked(20, 1024), duplex: 'half', headers: json } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    const small = await send('/api/nft/echo', { method: 'POST', body: chunked(4, 1024), duplex: 'half', headers: json } as RequestInit);
    expect(await small.json()).toEqual({ bytes: 4096 });
  });

  it('gives the image upload its larger limit from the shared table', async () => {
    const image = { 'content-type': 'image/png' };
    const res = await send('/api/nft/images', { method: 'POST', body: chunked(1024, 1024), duplex: 'half', headers: image } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 1024 * 1024 });
    const over = await send('/api/nft/images', declaring(10 * 1024 * 1024 + 1, image));
    expect(over.status).toBe(413);
    // The route's own words (contracts' body rule), the same the browser shows for its own check.
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe('Image size must be less than 10MB');
  });

  it('hands the same body to every reader (bytes, text, JSON), UTF-8 intact', async () => {
    const body = JSON.stringify({ name: 'Grâce ✓', n: 1 });
    const res = await send('/api/nft/both', { method: 'POST', body, headers: json });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: body, json: { name: 'Grâce ✓', n: 1 }, bytes: Buffer.byteLength(body) });
  });

  it('leaves requests without a body alone', async () => {
    const res = await send('/api/nft/health');
    expect(res.status).toBe(200);
    expect(z.object({ status: z.literal('ok') }).safeParse(await res.json()).success).toBe(true);
  });
});
