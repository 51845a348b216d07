import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, nftImageSizes, nftImageUrl, nftMessages } from '@starforge/contracts/nft';
import sharp from 'sharp';
import { makeImageSizes } from '../domain/image-sizes';
import { cleanupImage } from '../domain/images';
import { sniffImageType } from '../domain/sniff';
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
const get = (key: string, size?: string) => fetch(`${origin}/api/nft/images/${key}${size ? `/${size}` : ''}`);
const namesOf = (key: string) => [key, ...nftImageSizes.map((size) => `${key}-${size}`)];
/** What the service serves of an upload: its sizes, made as the upload made them. */
const sizesOf = (bytes: Buffer) => makeImageSizes(bytes, sniffImageType(bytes) ?? 'image/png');

const rowOf = async (key: string) =>
  (await ctx.sql`select content_type, byte_size, first_uploaded_by, created_at, last_uploaded_at from nft.images where key = ${key}`)[0];
const cleanupJobs = async (key: string) =>
  Number((await ctx.sql.unsafe(`select count(*) as n from ${ctx.jobs.schema}.job where data->>'key' = $1`, [key]))[0]?.n);

/** Nothing of these bytes was kept: no row, no file, no clean-up job. */
const expectNothingStored = async (bytes: Buffer) => {
  const key = sha256(bytes);
  expect(await rowOf(key)).toBeUndefined();
  for (const name of namesOf(key)) expect(await ctx.storage.has(name)).toBe(false);
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
      // Its sizes are kept, not the upload.
      expect(await Promise.all(namesOf(key).map((name) => ctx.storage.has(name)))).toEqual([false, true, true]);
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
    expect(await ctx.storage.has(`${sha256(largest)}-detail`)).toBe(true);

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

const IMAGE_HEADERS = { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' };
const headersOf = (res: Response) =>
  Object.fromEntries(['content-type', 'content-length', 'cache-control', 'x-content-type-options'].map((h) => [h, res.headers.get(h)]));

describe('GET /images/:key and /images/:key/:size over HTTP', () => {
  it('serves each size to anyone (no token) as WebP, with its length, an immutable cache and nosniff; the bare key is the detail size', async () => {
    const who = await signIn(ctx);
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#22d3ee' } })
      .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: '#8b5cf6' } }, left: 200, top: 100 }])
      .jpeg()
      .toBuffer();
    const bytes = Buffer.concat([photo, Buffer.from(crypto.randomUUID())]);
    const key = sha256(bytes);
    expect((await post(who, bytes, 'image/jpeg')).status).toBe(201);
    const expected = await sizesOf(bytes);
    for (const [path, size, dimensions] of [
      ['grid', 'grid', { width: 512, height: 512 }],
      ['detail', 'detail', { width: 1280, height: 720 }],
      ['', 'detail', { width: 1280, height: 720 }],
    ] as const) {
      const res = await get(key, path);
      const body = Buffer.from(await res.arrayBuffer());
      expect([res.status, headersOf(res)], path).toEqual([200, { ...IMAGE_HEADERS, 'content-length': String(body.length) }]);
      expect(body.equals(expected[size]), path).toBe(true);
      expect(await sharp(body).metadata(), path).toMatchObject({ format: 'webp', ...dimensions });
    }
    // The grid's square is a few kilobytes, not the upload's size.
    expect(expected.grid.length).toBeLessThan(bytes.length / 4);
  });

  it('serves no metadata the upload carried (EXIF with GPS, XMP)', async () => {
    const who = await signIn(ctx);
    const secret = `where-i-live-${crypto.randomUUID()}`;
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f59e0b' } })
      .withExif({ IFD0: { Artist: secret }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/">${secret}</x:xmpmeta>`)
      .jpeg()
      .toBuffer();
    expect(photo.includes(secret)).toBe(true);
    const key = sha256(photo);
    expect((await post(who, photo, 'image/jpeg')).status).toBe(201);
    for (const size of ['', 'grid', 'detail']) {
      const served = Buffer.from(await (await get(key, size)).arrayBuffer());
      expect(served.includes(secret), size).toBe(false);
      const metadata = await sharp(served).metadata();
      expect([metadata.exif, metadata.xmp], size).toEqual([undefined, undefined]);
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/png');
    expect((await post(who, bytes, 'image/png')).status).toBe(201);
    const res = await fetch(`${origin}/api/nft/images/${sha256(bytes)}/grid`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect([res.headers.get('content-type'), res.headers.get('content-length')]).toEqual(['image/webp', String((await sizesOf(bytes)).grid.length)]);
    expect(await res.text()).toBe('');
  });

  it('answers 404 once the clean-up removed an image it served before, and serves it again once uploaded again', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/gif');
    const key = sha256(bytes);
    expect((await post(who, bytes, 'image/gif')).status).toBe(201);
    expect((await get(key, 'grid')).status).toBe(200);
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${key}`;
    expect(await cleanupImage({ sql: ctx.sql, storage: ctx.storage, orphanAfterSeconds: ctx.config.imageOrphanAfterSeconds }, key)).toBe(true);
    for (const name of namesOf(key)) expect(await ctx.storage.has(name), name).toBe(false);
    expect((await get(key, 'grid')).status).toBe(404);
    expect((await post(who, bytes, 'image/gif')).status).toBe(201);
    expect(Buffer.from(await (await get(key, 'grid')).arrayBuffer()).equals((await sizesOf(bytes)).grid)).toBe(true);
  });

  it('keeps an NFT\u2019s image in memory once served (it is never removed), and reads an unused upload afresh each time', async () => {
    const who = await signIn(ctx);
    const used = uniqueImage('image/webp');
    const unused = uniqueImage('image/png');
    expect((await post(who, used, 'image/webp')).status).toBe(201);
    expect((await post(who, unused, 'image/png')).status).toBe(201);
    expect((await callAs(ctx, who, 'POST', '/mints', { body: mintBody(sha256(used)) })).status).toBe(201);
    expect((await get(sha256(used), 'grid')).status).toBe(200);
    expect((await get(sha256(unused), 'grid')).status).toBe(200);
    // Both files vanish behind the service's back: the NFT's image is still served, from memory.
    for (const name of [...namesOf(sha256(used)), ...namesOf(sha256(unused))]) await ctx.storage.remove(name);
    const again = await get(sha256(used), 'grid');
    expect([again.status, headersOf(again)]).toEqual([200, { ...IMAGE_HEADERS, 'content-length': String((await sizesOf(used)).grid.length) }]);
    expect(Buffer.from(await again.arrayBuffer()).equals((await sizesOf(used)).grid)).toBe(true);
    expect((await get(sha256(unused), 'grid')).status).toBe(404);
  });

  it('answers 404 for a key never uploaded, a malformed key, a size that is not one, and an image whose files are gone', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage();
    const key = sha256(bytes);
    expect((await post(who, bytes, 'image/png')).status).toBe(201);
    expect((await get(key, 'original')).status).toBe(404);
    expect((await get(key, 'GRID')).status).toBe(404);
    for (const name of namesOf(key)) await ctx.storage.remove(name);
    for (const [k, size] of [
      [sha256(uniqueImage()), ''],
      ['abc', 'grid'],
      [key.toUpperCase(), ''],
      ['..%2F..%2Fpackage.json', ''],
      [key, ''],
      [key, 'grid'],
    ] as const) {
      const res = await get(k, size);
      expect(res.status, `${k}/${size}`).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code, k).toMatch(/^(image_not_found|not_found)$/);
    }
  });
});

describe('images stored before their sizes existed (the upload kept as sent, under its key)', () => {
  /** As the service stored an upload before issue 26: a row, and the bytes under the key alone. */
  const storeAsBefore = async (who: TestUser, bytes: Buffer) => {
    const key = sha256(bytes);
    await ctx.sql`insert into nft.images (key, content_type, byte_size, first_uploaded_by) values (${key}, 'image/png', ${bytes.length}, ${who.id})`;
    await ctx.storage.put(key, bytes, 'image/png');
    expect((await callAs(ctx, who, 'POST', '/mints', { body: mintBody(key) })).status).toBe(201);
    return key;
  };

  it('are served at every size, made from the upload on the first read and stored, once however many read at once', async () => {
    const who = await signIn(ctx);
    const bytes = Buffer.concat([
      await sharp({ create: { width: 900, height: 600, channels: 4, background: '#10b981' } })
        .png()
        .toBuffer(),
      Buffer.from(crypto.randomUUID()),
    ]);
    const key = await storeAsBefore(who, bytes);
    expect(await ctx.storage.has(`${key}-grid`)).toBe(false);
    const expected = await sizesOf(bytes);
    const answers = await Promise.all([get(key, 'grid'), get(key, 'grid'), get(key, 'detail'), get(key)]);
    for (const [i, res] of answers.entries()) {
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')], String(i)).toEqual([
        200,
        'image/webp',
        IMAGE_HEADERS['cache-control'],
      ]);
      expect(Buffer.from(await res.arrayBuffer()).equals(expected[i < 2 ? 'grid' : 'detail']), String(i)).toBe(true);
    }
    expect(await Promise.all(namesOf(key).map((name) => ctx.storage.has(name)))).toEqual([true, true, true]);
  });

  it('answer 404 at every size when the upload does not decode (the cards show the placeholder)', async () => {
    const who = await signIn(ctx);
    const key = await storeAsBefore(who, Buffer.concat([IMAGES['image/png'].subarray(0, 20), Buffer.from(crypto.randomUUID())]));
    for (const size of ['', 'grid', 'detail']) expect((await get(key, size)).status, size).toBe(404);
    expect(await ctx.storage.has(`${key}-grid`)).toBe(false);
  });
});
