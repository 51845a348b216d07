import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sameOriginJson, sameSiteOrigins } from './same-origin-json';

describe('sameOriginJson', () => {
  const app = new Hono()
    .basePath('/api/nft')
    .use(sameOriginJson({ publicOrigin: 'https://starforge.example' }))
    .all('/*', async (c) => c.json({ read: c.req.method === 'GET' ? null : await c.req.text(), type: c.req.header('content-type') ?? null }));
  const send = (path: string, init: RequestInit & { headers?: Record<string, string> }) => app.request(`/api/nft${path}`, init);
  const codeOf = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error?: { code: string } }).error?.code });
  const messageOf = async (res: Response) => ({ status: res.status, message: ((await res.json()) as { error?: { message: string } }).error?.message });

  it('refuses a state-changing request from a foreign origin with 403', async () => {
    const body = JSON.stringify({ a: 1 });
    for (const origin of ['https://evil.example', 'null', 'http://starforge.example', 'https://starforge.example:444']) {
      expect(await codeOf(await send('/x', { method: 'POST', body, headers: { origin, 'content-type': 'application/json' } })), origin).toEqual({
        status: 403,
        code: 'forbidden',
      });
    }
    expect((await send('/x', { method: 'PUT', body, headers: { origin: 'https://starforge.example', 'content-type': 'application/json' } })).status).toBe(200);
    // No Origin: not a browser's cross-site request (curl, another service).
    expect((await send('/x', { method: 'DELETE', body, headers: { 'content-type': 'application/json' } })).status).toBe(200);
    // Reads are not state-changing.
    expect((await send('/x', { method: 'GET', headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('takes a local run’s loopback aliases as one site, and nothing else', () => {
    expect([...sameSiteOrigins('http://localhost:3000')].sort()).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']);
    expect([...sameSiteOrigins('https://starforge.example')]).toEqual(['https://starforge.example']);
    expect(sameSiteOrigins('http://localhost:3000').has('http://localhost:3001')).toBe(false);
  });

  it('refuses a body that is not JSON with 415, before a handler reads it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      const res = await send('/token', { method: 'POST', body: '{"email":"a@b.c"}', headers: { 'content-type': type } });
      expect(await codeOf(res), type).toEqual({ status: 415, code: 'unsupported_media_type' });
    }
    const untyped = await send('/token', { method: 'POST', body: '{}', headers: { 'content-length': '2' } });
    expect(untyped.status).toBe(415);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json']) {
      expect((await send('/token', { method: 'POST', body: '{}', headers: { 'content-type': type } })).status, type).toBe(200);
    }
    // A write with no body at all (sign-out, a refresh by cookie) needs no type.
    expect((await send('/logout', { method: 'POST' })).status).toBe(200);
  });

  it('takes a JSON type with an empty parameter list, and hands it on as application/json', async () => {
    for (const type of ['application/json;', 'application/json ;', 'application/json; ', 'application/vnd.starforge2+json']) {
      const res = await app.request('/api/nft/type', { method: 'POST', body: '{}', headers: { 'content-type': type } });
      expect(await res.json(), type).toEqual({ read: '{}', type: 'application/json' });
    }
    const kept = await app.request('/api/nft/type', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(await kept.json()).toEqual({ read: '{}', type: 'application/json; charset=utf-8' });
  });

  it("lets the image upload take the image types of contracts' table, and only that route", async () => {
    const images = "Send the file's raw bytes as the body, with its type (Content-Type: image/png, image/jpeg, image/gif or image/webp).";
    for (const type of ['image/png', 'image/jpeg', 'IMAGE/GIF', 'image/webp; q=1']) {
      expect((await send('/images', { method: 'POST', body: 'bytes', headers: { 'content-type': type } })).status, type).toBe(200);
    }
    expect(await messageOf(await send('/images', { method: 'POST', body: 'hi', headers: { 'content-type': 'text/plain' } }))).toEqual({
      status: 415,
      message: images,
    });
    expect(await messageOf(await send('/images', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }))).toEqual({
      status: 415,
      message: images,
    });
    expect(await messageOf(await send('/images', { method: 'POST', body: 'bytes', headers: { 'content-length': '5' } }))).toEqual({
      status: 415,
      message: images,
    });
    expect(await messageOf(await send('/images', { method: 'POST', body: '--x--', headers: { 'content-type': 'multipart/form-data; boundary=x' } }))).toEqual({
      status: 415,
      message:
        "Multipart forms are not accepted: send the file's raw bytes as the body, with its type (Content-Type: image/png, image/jpeg, image/gif or image/webp).",
    });
    expect(await messageOf(await send('/other', { method: 'POST', body: 'bytes', headers: { 'content-type': 'image/png' } }))).toEqual({
      status: 415,
      message: 'Send the body as JSON (Content-Type: application/json).',
    });
  });
});
