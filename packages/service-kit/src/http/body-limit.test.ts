import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from '@hono/zod-openapi';
import { DEFAULT_BODY_LIMIT_BYTES } from '@starforge/contracts';
import { createServiceApp, type ServiceApp } from '../create-app';
import { createSql, type Sql } from '../db';

const json = { 'content-type': 'application/json' };

/** A body sent in pieces with no Content-Length, as a chunked upload arrives. */
const chunked = (pieces: number, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < pieces; i++) controller.enqueue(new Uint8Array(size).fill(120));
      controller.close();
    },
  });

describe('route body limits in every service', () => {
  let sql: Sql;
  let app: ServiceApp;
  beforeAll(() => {
    sql = createSql(inject('databaseUrl'), { max: 1 });
    app = createServiceApp('nft', sql);
    app.post('/echo', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
    app.post('/images', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  });
  afterAll(() => sql.end());

  const tooLarge = { error: { code: 'payload_too_large', message: 'The request body is too large (at most 16 KiB).' } };

  it('accepts a body within the default limit', async () => {
    const res = await app.request('/api/nft/echo', { method: 'POST', body: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES), headers: json });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: DEFAULT_BODY_LIMIT_BYTES });
  });

  it('refuses at once a Content-Length over the limit, before the handler runs', async () => {
    const res = await app.request('/api/nft/echo', { method: 'POST', body: 'x', headers: { ...json, 'content-length': String(DEFAULT_BODY_LIMIT_BYTES + 1) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it('counts a chunked body as it is read and refuses it past the limit', async () => {
    const res = await app.request('/api/nft/echo', { method: 'POST', body: chunked(20, 1024), duplex: 'half', headers: json } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    const small = await app.request('/api/nft/echo', { method: 'POST', body: chunked(4, 1024), duplex: 'half', headers: json } as RequestInit);
    expect(await small.json()).toEqual({ bytes: 4096 });
  });

  it('gives the image upload its larger limit from the shared table', async () => {
    const res = await app.request('/api/nft/images', { method: 'POST', body: chunked(1024, 1024), duplex: 'half', headers: json } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 1024 * 1024 });
    const over = await app.request('/api/nft/images', { method: 'POST', body: 'x', headers: { ...json, 'content-length': String(10 * 1024 * 1024 + 1) } });
    expect(over.status).toBe(413);
    expect(((await over.json()) as { error: { message: string } }).error.message).toContain('10 MiB');
  });

  it('leaves requests without a body alone', async () => {
    const res = await app.request('/api/nft/health');
    expect(res.status).toBe(200);
    expect(z.object({ status: z.literal('ok') }).safeParse(await res.json()).success).toBe(true);
  });
});
