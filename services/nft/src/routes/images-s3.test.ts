import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, testConfig as gatewayConfig } from '@starforge/gateway/testing';
import { makeImageSizes } from '../domain/image-sizes';
import { CLEANUP_IMAGE_JOB, type CleanupImageJob, cleanupImage } from '../domain/images';
import { anotherCopy, callAs, eventually, mintBody, nftTestContext, serveOnLoopback, signIn, type TestUser } from '../testing/harness';
import { uniqueImage } from '../testing/images';
import type { TestBucket } from '../testing/s3';

// The service on a bucket of an s3rver of this file's own; beside it, for comparison, a copy on a folder.
const ctx = nftTestContext({ store: 's3' });
type Served = Awaited<ReturnType<typeof serveOnLoopback>>;
let onS3: Served;
let onFiles: Served;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'nft-images-'));
  onS3 = await serveOnLoopback(ctx);
  onFiles = await serveOnLoopback(anotherCopy(ctx, { kind: 'file', dir: folder }));
});
afterAll(async () => {
  await Promise.all([onS3?.close(), onFiles?.close()]);
  await rm(folder, { recursive: true, force: true });
});

const bucket = (): TestBucket => ctx.bucket as TestBucket;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const post = async (origin: string, who: TestUser, bytes: Buffer<ArrayBuffer>, contentType: string) => {
  const res = await fetch(`${origin}/api/nft/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const read = (origin: string, key: string, method = 'GET', size = 'grid') => fetch(`${origin}/api/nft/images/${key}/${size}`, { method });
/** The grid size the service stores and serves of an upload of `type`. */
const gridOf = async (bytes: Buffer, type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp') => (await makeImageSizes(bytes, type)).grid;
/** Every header of an answer but those that differ from one answer to the next. */
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
const IMAGE_HEADERS = { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' };

describe('images in an S3 bucket', () => {
  it('stores an upload as objects of its sizes and serves them with the very headers of the filesystem store (GET and HEAD)', async () => {
    const who = await signIn(ctx);
    for (const type of ['image/png', 'image/jpeg'] as const) {
      const bytes = uniqueImage(type);
      const key = sha256(bytes);
      const [s3, file] = [await post(onS3.origin, who, bytes, type), await post(onFiles.origin, who, bytes, type)];
      expect(s3.status).toBe(201);
      expect(s3).toEqual(file);
      const grid = await gridOf(bytes, type);
      expect(await bucket().objectOf(`${key}-grid`)).toEqual({ contentType: 'image/webp', size: grid.length, cacheControl: IMAGE_HEADERS['cache-control'] });
      expect(await bucket().objectOf(key)).toBeNull();

      for (const method of ['GET', 'HEAD']) {
        const [fromS3, fromFiles] = [await read(onS3.origin, key, method), await read(onFiles.origin, key, method)];
        expect([fromS3.status, fromFiles.status], method).toEqual([200, 200]);
        expect(headersOf(fromS3), method).toEqual(headersOf(fromFiles));
        expect(headersOf(fromS3), method).toMatchObject({ 'content-type': 'image/webp', 'content-length': String(grid.length), ...IMAGE_HEADERS });
        // Neither store sends an ETag: the key is the content, and the cache header says it never changes.
        expect(fromS3.headers.get('etag'), method).toBeNull();
        const body = Buffer.from(await fromS3.arrayBuffer());
        expect(body.equals(method === 'GET' ? grid : Buffer.alloc(0)), method).toBe(true);
        await fromFiles.arrayBuffer();
      }
    }
  });

  it('keeps an NFT’s image in memory once served, as on the filesystem: the bucket is not asked again', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/webp');
    expect((await post(onS3.origin, who, bytes, 'image/webp')).status).toBe(201);
    expect((await callAs(ctx, who, 'POST', '/mints', { body: mintBody(sha256(bytes)) })).status).toBe(201);
    await (await read(onS3.origin, sha256(bytes))).arrayBuffer();
    await ctx.storage.remove(`${sha256(bytes)}-grid`);
    const again = await read(onS3.origin, sha256(bytes));
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(await gridOf(bytes, 'image/webp'))).toBe(true);
  });

  it('the orphan clean-up job deletes the object from the bucket', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/gif');
    const key = sha256(bytes);
    expect((await post(onS3.origin, who, bytes, 'image/gif')).status).toBe(201);
    expect(await bucket().objectOf(`${key}-grid`)).not.toBeNull();
    // Its own clean-up is due in a day: make the upload that old and let the service's worker run one now.
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${key}`;
    await ctx.jobs.enqueue<CleanupImageJob>(ctx.sql, CLEANUP_IMAGE_JOB, { key });
    await eventually(async () => (await ctx.sql`select 1 from nft.images where key = ${key}`).length === 0, 8_000, 100);
    for (const name of [`${key}-grid`, `${key}-detail`]) expect(await bucket().objectOf(name), name).toBeNull();
    expect((await read(onS3.origin, key)).status).toBe(404);
  });
});

describe('two copies of the service on one database and one bucket', () => {
  let second: ReturnType<typeof anotherCopy>;
  let other: Served;
  beforeAll(async () => {
    second = anotherCopy(ctx);
    other = await serveOnLoopback(second);
  });
  afterAll(() => other?.close());

  it('serves through one copy an image stored through the other, and each sees the other’s clean-up', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/png');
    const key = sha256(bytes);
    expect((await post(onS3.origin, who, bytes, 'image/png')).status).toBe(201);
    const served = await read(other.origin, key);
    expect(served.status).toBe(200);
    const grid = await gridOf(bytes, 'image/png');
    expect(headersOf(served)).toMatchObject({ 'content-type': 'image/webp', 'content-length': String(grid.length), ...IMAGE_HEADERS });
    expect(Buffer.from(await served.arrayBuffer()).equals(grid)).toBe(true);

    // Removed as an orphan by the second copy's storage: the first answers 404 (an unused upload is never kept in memory).
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${key}`;
    expect(await cleanupImage({ sql: ctx.sql, storage: second.storage, orphanAfterSeconds: ctx.config.imageOrphanAfterSeconds }, key)).toBe(true);
    expect((await read(onS3.origin, key)).status).toBe(404);
  });
});

describe('a public read through the gateway', () => {
  it('answers with the same headers whether the nft service keeps images in a bucket or a folder', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/jpeg');
    const key = sha256(bytes);
    const gateways = await Promise.all([onS3, onFiles].map((nft) => startGateway(gatewayConfig(nft.origin))));
    try {
      const [viaS3, viaFiles] = gateways.map((g) => g.url) as [string, string];
      // Uploaded through the gateway too, as the browser does.
      expect((await post(viaS3, who, bytes, 'image/jpeg')).status).toBe(201);
      expect((await post(viaFiles, who, bytes, 'image/jpeg')).status).toBe(201);
      const [fromS3, fromFiles] = [await read(viaS3, key), await read(viaFiles, key)];
      expect([fromS3.status, fromFiles.status]).toEqual([200, 200]);
      expect(headersOf(fromS3)).toEqual(headersOf(fromFiles));
      const grid = await gridOf(bytes, 'image/jpeg');
      expect(headersOf(fromS3)).toMatchObject({ 'content-type': 'image/webp', 'content-length': String(grid.length), ...IMAGE_HEADERS });
      expect(Buffer.from(await fromS3.arrayBuffer()).equals(grid)).toBe(true);
      await fromFiles.arrayBuffer();
    } finally {
      await Promise.all(gateways.map((g) => g.close()));
    }
  });
});
