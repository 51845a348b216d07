import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, nftImageUrl, nftMessages } from '@starforge/contracts';
import { cleanupImage } from '../domain/images';
import { IMAGES, uniqueImage, type ImageFixtureType } from '../testing/images';
import { callAs, mintBody, nftTestContext, serveOnLoopback, signIn, type TestUser } from '../testing/harness';

const ctx = nftTestContext();
let served: Awaited<ReturnType<typeof serveOnLoopback>>;
let origin: string;
beforeAll(async () => {
  served = await serveOnLoopback(ctx);
  origin = served.origin;
});
afterAll(() => served?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real upload over HTTP, as the browser sends it: the file's bytes as the body. */
const post = async (who: TestUser | null, body: Buffer | ReadableStream<Uint8Array>, contentType: string) => {
  const res = await fetch(`${origin}/api/nft/images`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    body: body as BodyInit,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as { image?: { key: string; url: string; content_type: string; byte_size: number }; error?: unknown } };
};
const get = (key: string) => fetch(`${origin}/api/nft/images/${key}`);

const rowOf = async (key: string) =>
  (await ctx.sql`select content_type, byte_size, first_uploaded_by, created_at, last_uploaded_at from nft.images where key = ${key}`)[0];
const cleanupJobs = async (key: string) =>
  Number((await ctx.sql.unsafe(`select count(*) as n from ${ctx.jobs.schema}.job where data->>'key' = $1`, [key]))[0]?.n);

/** Nothing of these bytes was kept: no row, no file, no clean-up job. */
const expectNothingStored = async (bytes: Buffer) => {
  const key = sha256(bytes);
  expect(await rowOf(key)).toBeUndefined();
  expect(await ctx.storage.has(key)).toBe(false);
  expect(await cleanupJobs(key)).toBe(0);
};

describe('POST /images over HTTP', () => {
  it('stores PNG, JPEG, GIF and WebP with the type their bytes say, whatever type was declared', async () => {
    const who = await signIn(ctx);
    const declared: Record<ImageFixtureType, string> = {
      'image/png': 'image/webp',
      'image/jpeg': 'image/png',
      'image/gif': 'image/gif',
      'image/webp': 'image/jpeg',
    };
    for (const type of Object.keys(IMAGES) as ImageFixtureType[]) {
      const bytes = uniqueImage(type);
      const res = await post(who, bytes, declared[type]);
      const key = sha256(bytes);
      expect(res, type).toEqual({ status: 201, body: { image: { key, url: nftImageUrl(key), content_type: type, byte_size: bytes.length } } });
      expect(await rowOf(key)).toMatchObject({ contentType: type, byteSize: bytes.length, firstUploadedBy: who.id });
      expect(await ctx.storage.has(key)).toBe(true);
      expect(await cleanupJobs(key)).toBe(1);
    }
  });

  it('refuses text named .png and SVG (415 invalid_image) and stores nothing', async () => {
    const who = await signIn(ctx);
    const text = Buffer.from(`This is not an image, whatever its name says. ${crypto.randomUUID()}`);
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert("${crypto.randomUUID()}")</script></svg>`);
    for (const [bytes, type] of [
      [text, 'image/png'],
      [svg, 'image/png'],
      [svg, 'image/webp'],
      [Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVE', 'latin1'), Buffer.from(crypto.randomUUID())]), 'image/webp'],
    ] as const) {
      expect(await post(who, bytes, type)).toEqual({ status: 415, body: { error: { code: 'invalid_image', message: nftMessages.invalidImage } } });
      await expectNothingStored(bytes);
    }
    // Declared as SVG, the kit refuses it before the service reads it.
    const declaredSvg = await post(who, svg, 'image/svg+xml');
    expect(declaredSvg.status).toBe(415);
    expect(declaredSvg.body.error).toMatchObject({ code: 'unsupported_media_type' });
    await expectNothingStored(svg);
  });

  it('takes exactly 10 MiB and refuses 10 MiB + 1 byte (413, the spec words), with or without a Content-Length, storing nothing', async () => {
    const who = await signIn(ctx);
    const largest = uniqueImage('image/png', IMAGE_MAX_BYTES);
    const accepted = await post(who, largest, 'image/png');
    expect(accepted.status).toBe(201);
    expect(accepted.body.image).toMatchObject({ key: sha256(largest), byte_size: IMAGE_MAX_BYTES });
    const stored = await ctx.storage.read(sha256(largest));
    await stored?.body.cancel();
    expect(stored?.size).toBe(IMAGE_MAX_BYTES);

    const tooLarge = uniqueImage('image/png', IMAGE_MAX_BYTES + 1);
    const refusal = { status: 413, body: { error: { code: 'payload_too_large', message: nftMessages.imageTooLarge } } };
    expect(await post(who, tooLarge, 'image/png')).toEqual(refusal);
    // Chunked: no length to refuse on, so the kit counts while it reads.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < tooLarge.length; at += 1024 * 1024) controller.enqueue(tooLarge.subarray(at, at + 1024 * 1024));
        controller.close();
      },
    });
    expect(await post(who, chunked, 'image/png')).toEqual(refusal);
    await expectNothingStored(tooLarge);
  });

  it('keeps the same bytes once: one key, one row and file, the last upload moved on; the first uploader stays', async () => {
    const [a, b] = [await signIn(ctx), await signIn(ctx)];
    const bytes = uniqueImage('image/gif');
    const first = await post(a, bytes, 'image/gif');
    const before = await rowOf(sha256(bytes));
    const again = await Promise.all([post(a, bytes, 'image/gif'), post(b, bytes, 'image/gif')]);
    for (const res of again) expect(res).toEqual(first);
    expect(await ctx.sql`select 1 from nft.images where key = ${sha256(bytes)}`).toHaveLength(1);
    const after = await rowOf(sha256(bytes));
    expect(after?.firstUploadedBy).toBe(a.id);
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(Number(after?.lastUploadedAt)).toBeGreaterThan(Number(before?.lastUploadedAt));
    // Each upload enqueues its own clean-up, a day after it.
    expect(await cleanupJobs(sha256(bytes))).toBe(3);
  });

  it('refuses an upload without a token (401) before storing anything', async () => {
    const bytes = uniqueImage();
    expect((await post(null, bytes, 'image/png')).status).toBe(401);
    await expectNothingStored(bytes);
  });
});

describe('GET /images/:key over HTTP', () => {
  it('streams the bytes to anyone (no token) with the stored type, length, an immutable cache and nosniff', async () => {
    const who = await signIn(ctx);
    for (const type of ['image/jpeg', 'image/webp'] as const) {
      const bytes = uniqueImage(type);
      const key = sha256(bytes);
      expect((await post(who, bytes, 'image/png')).status).toBe(201);
      const res = await get(key);
      expect(res.status).toBe(200);
      expect(Object.fromEntries(['content-type', 'content-length', 'cache-control', 'x-content-type-options'].map((h) => [h, res.headers.get(h)]))).toEqual({
        'content-type': type,
        'content-length': String(bytes.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/png');
    expect((await post(who, bytes, 'image/png')).status).toBe(201);
    const res = await fetch(`${origin}/api/nft/images/${sha256(bytes)}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect([res.headers.get('content-type'), res.headers.get('content-length')]).toEqual(['image/png', String(bytes.length)]);
    expect(await res.text()).toBe('');
  });

  it('streams a 10 MiB image whole', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/png', IMAGE_MAX_BYTES);
    expect((await post(who, bytes, 'image/png')).status).toBe(201);
    const res = await get(sha256(bytes));
    expect(res.headers.get('content-length')).toBe(String(IMAGE_MAX_BYTES));
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('answers 404 once the clean-up removed an image it served before (its type known)', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/gif');
    expect((await post(who, bytes, 'image/gif')).status).toBe(201);
    expect((await get(sha256(bytes))).status).toBe(200);
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${sha256(bytes)}`;
    expect(await cleanupImage({ sql: ctx.sql, storage: ctx.storage, orphanAfterSeconds: ctx.config.imageOrphanAfterSeconds }, sha256(bytes))).toBe(true);
    expect((await get(sha256(bytes))).status).toBe(404);
    // Uploaded again, it is served again.
    expect((await post(who, bytes, 'image/gif')).status).toBe(201);
    expect(Buffer.from(await (await get(sha256(bytes))).arrayBuffer())).toEqual(bytes);
  });

  it('keeps an NFT\u2019s image in memory once served (it is never removed), and reads an unused upload afresh each time', async () => {
    const who = await signIn(ctx);
    const used = uniqueImage('image/webp');
    const unused = uniqueImage('image/png');
    expect((await post(who, used, 'image/webp')).status).toBe(201);
    expect((await post(who, unused, 'image/png')).status).toBe(201);
    expect((await callAs(ctx, who, 'POST', '/mints', { body: mintBody(sha256(used)) })).status).toBe(201);
    expect((await get(sha256(used))).status).toBe(200);
    expect((await get(sha256(unused))).status).toBe(200);
    // Both files vanish behind the service's back: the NFT's image is still served, from memory.
    await ctx.storage.remove(sha256(used));
    await ctx.storage.remove(sha256(unused));
    const again = await get(sha256(used));
    expect([again.status, again.headers.get('content-type'), again.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(used);
    expect((await get(sha256(unused))).status).toBe(404);
  });

  it('answers 404 for a key never uploaded, a malformed key, and an image whose file is gone', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage();
    expect((await post(who, bytes, 'image/png')).status).toBe(201);
    await ctx.storage.remove(sha256(bytes));
    for (const key of [sha256(uniqueImage()), 'abc', sha256(bytes).toUpperCase(), '..%2F..%2Fpackage.json', sha256(bytes)]) {
      const res = await get(key);
      expect(res.status, key).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code, key).toMatch(/^(image_not_found|not_found)$/);
    }
  });
});
