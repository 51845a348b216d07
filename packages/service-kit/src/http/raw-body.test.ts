import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { createRoute, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRouter, createServiceApp, type ServiceApp } from '../create-app';
import { createSql, type Sql } from '../db';
import { requestBytes } from './node-body';
import { rawRequestBody } from './raw-body';
import { serveApp } from './serve-app';

/** The first bytes of a PNG, then bytes that are not UTF-8: any decoding on the way would change them. */
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]), Buffer.alloc(70_000, 7)]);
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const upload = createRoute({
  method: 'post',
  path: '/images',
  request: { body: rawRequestBody('POST', '/api/nft/images', 'The image, as its raw bytes') },
  responses: {
    200: { description: 'stored', content: { 'application/json': { schema: z.object({ bytes: z.number(), sha256: z.string(), once: z.boolean() }) } } },
  },
});
const named = createRoute({
  method: 'post',
  path: '/names',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ name: z.string() }) } } } },
  responses: { 200: { description: 'ok' } },
});
// A route that declares only a form type: the kit lets JSON through, @hono/zod-openapi refuses it.
const form = createRoute({
  method: 'put',
  path: '/names',
  request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: z.object({ name: z.string() }) } } } },
  responses: { 200: { description: 'ok' } },
});

type Send = (path: string, init?: RequestInit) => Promise<Response>;
const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });
const images = "Send the file's raw bytes as the body, with its type (Content-Type: image/png, image/jpeg, image/gif or image/webp).";

describe.each(['in process', 'over HTTP'] as const)('bodies that are not JSON (%s)', (how) => {
  let sql: Sql;
  let app: ServiceApp;
  let server: ServerType | undefined;
  let send: Send;
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 1 });
    app = createServiceApp('nft', sql, { http: { publicOrigin: 'http://localhost:3000', trustedProxies: new Set() } });
    app.route(
      '/',
      createRouter()
        .openapi(upload, async (c) => {
          const bytes = await requestBytes(c);
          // Under Node the Buffer the kit read, handed over as it is: the same object each time.
          return c.json({ bytes: bytes.length, sha256: sha256(bytes), once: bytes === (await requestBytes(c)) }, 200);
        })
        .openapi(named, (c) => c.json(c.req.valid('json'), 200))
        .openapi(form, (c) => c.json(c.req.valid('form'), 200)),
    );
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

  it('hands an image upload to its handler as the exact bytes, read once', async () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      const res = await send('/api/nft/images', { method: 'POST', body: png, headers: { 'content-type': type } });
      expect(res.status, type).toBe(200);
      expect(await res.json()).toEqual({ bytes: png.length, sha256: sha256(png), once: how === 'over HTTP' });
    }
  });

  it('refuses another type with a 415 that names the image types', async () => {
    for (const type of ['text/plain', 'application/json', 'application/octet-stream', 'image/svg+xml']) {
      const res = await send('/api/nft/images', { method: 'POST', body: png, headers: { 'content-type': type } });
      expect(await errorOf(res), type).toEqual({ status: 415, code: 'unsupported_media_type', message: images });
    }
  });

  it('refuses a multipart form with a 415 that says to send the raw bytes', async () => {
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'star.png');
    const res = await send('/api/nft/images', { method: 'POST', body: form });
    expect(await errorOf(res)).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message:
        "Multipart forms are not accepted: send the file's raw bytes as the body, with its type (Content-Type: image/png, image/jpeg, image/gif or image/webp).",
    });
  });

  it('keeps JSON routes saying to send JSON', async () => {
    const res = await send('/api/nft/names', { method: 'POST', body: png, headers: { 'content-type': 'image/png' } });
    expect(await errorOf(res)).toEqual({ status: 415, code: 'unsupported_media_type', message: 'Send the body as JSON (Content-Type: application/json).' });
  });

  it('takes application/json with an empty parameter list on a validated route', async () => {
    for (const type of ['application/json;', 'application/json ;charset=utf-8', 'application/json; charset=utf-8']) {
      const res = await send('/api/nft/names', { method: 'POST', body: '{"name":"Vega"}', headers: { 'content-type': type } });
      expect(res.status, type).toBe(200);
      expect(await res.json()).toEqual({ name: 'Vega' });
    }
  });

  it('answers the route validator’s own 415 as unsupported_media_type too', async () => {
    const res = await send('/api/nft/names', { method: 'PUT', body: '{"name":"Vega"}', headers: { 'content-type': 'application/json' } });
    expect(await errorOf(res)).toEqual({ status: 415, code: 'unsupported_media_type', message: 'Send the body as JSON (Content-Type: application/json).' });
  });

  it('documents the upload with the media types of contracts’ table', async () => {
    const doc = (await (await send('/api/nft/openapi.json')).json()) as { paths: Record<string, { post: { requestBody: { content: object } } }> };
    expect(Object.keys(doc.paths['/api/nft/images']!.post.requestBody.content)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  });
});
