import { createHash } from 'node:crypto';
import { IMAGE_KEY_PATTERN, nftErrorCodes, nftImageUrl, nftMessages, type StoredImage } from '@starforge/contracts';
import { ApiError, type Jobs, type Sql } from '@starforge/service-kit';
import type { ImageStorage } from '../storage/image-storage';
import type { ImageCache } from './image-cache';
import { sniffImageType } from './sniff';

/** The durable job that removes an upload no NFT came to use. */
export const CLEANUP_IMAGE_JOB = 'nft-image.cleanup';
export interface CleanupImageJob {
  key: string;
}

/** What storing and serving images needs. */
export interface ImageDeps {
  sql: Sql;
  jobs: Jobs;
  storage: ImageStorage;
  /** An image no NFT uses is removed this long after its last upload. */
  orphanAfterSeconds: number;
}

/**
 * Stores an upload: its type decided by its magic numbers (415 invalid_image otherwise, nothing
 * stored), its key the SHA-256 of the bytes, so the same bytes uploaded again (a retry, or
 * anyone else) are the same image. The row is upserted first (its last upload moved on) and the
 * bytes written while its lock is held: the clean-up takes the same lock before it removes a
 * file, so it never removes one a new upload is relying on. The clean-up is enqueued with it.
 */
export const storeImage = async (deps: ImageDeps, userId: string, bytes: Buffer): Promise<StoredImage> => {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new ApiError(415, nftErrorCodes.invalidImage, nftMessages.invalidImage);
  const key = createHash('sha256').update(bytes).digest('hex');
  await deps.sql.begin(async (tx) => {
    await tx`
      insert into nft.images (key, content_type, byte_size, first_uploaded_by)
      values (${key}, ${contentType}, ${bytes.length}, ${userId})
      on conflict (key) do update set last_uploaded_at = now()`;
    await deps.jobs.enqueue<CleanupImageJob>(tx, CLEANUP_IMAGE_JOB, { key }, { startAfterSeconds: deps.orphanAfterSeconds });
    if (!(await deps.storage.has(key))) await deps.storage.put(key, bytes, contentType);
  });
  return { key, url: nftImageUrl(key), content_type: contentType, byte_size: bytes.length };
};

/** An image to send: its type and size, and its bytes in memory or as a stream from storage. */
export interface ImageToSend {
  contentType: string;
  size: number;
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
}

/**
 * A stored image to send, or null when there is none. An image an NFT uses is remembered in
 * `cache` (its bytes when small), so serving it again needs neither the database nor the
 * storage; an image no NFT uses yet (it may still be removed) is read afresh each time.
 */
export const readImage = async (deps: Pick<ImageDeps, 'sql' | 'storage'> & { cache: ImageCache }, key: string): Promise<ImageToSend | null> => {
  if (!IMAGE_KEY_PATTERN.test(key)) return null;
  const cached = deps.cache.get(key);
  if (cached?.bytes) return { contentType: cached.contentType, size: cached.size, body: cached.bytes };
  const row =
    cached ??
    (
      await deps.sql<{ contentType: string; used: boolean }[]>`
        select content_type, exists (select 1 from nft.nft_mints where image_key = ${key}) as used from nft.images where key = ${key}`
    )[0];
  if (!row) return null;
  const stored = await deps.storage.read(key);
  if (!stored) return null;
  if (cached || !('used' in row) || !row.used) return { contentType: row.contentType, size: stored.size, body: stored.body };
  if (!deps.cache.keepsBytesOf(stored.size)) {
    deps.cache.set(key, { contentType: row.contentType, size: stored.size, bytes: null });
    return { contentType: row.contentType, size: stored.size, body: stored.body };
  }
  const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
  deps.cache.set(key, { contentType: row.contentType, size: bytes.length, bytes });
  return { contentType: row.contentType, size: bytes.length, body: bytes };
};

/**
 * The clean-up job's work: removes the image (its row, then its file, before the commit) when no
 * NFT uses it and its last upload is at least `orphanAfterSeconds` old; an upload since then
 * (which enqueued its own clean-up) or an NFT keeps it. The row lock is taken first, so a
 * concurrent upload or mint of the same image waits, and then finds it gone or kept whole.
 * Answers whether it removed the image.
 */
export const cleanupImage = async (deps: Pick<ImageDeps, 'sql' | 'storage' | 'orphanAfterSeconds'>, key: string): Promise<boolean> =>
  deps.sql.begin(async (tx) => {
    const [orphan] = await tx`
      select 1 from nft.images
      where key = ${key} and last_uploaded_at <= now() - make_interval(secs => ${deps.orphanAfterSeconds})
      for update`;
    if (!orphan) return false;
    // A statement of its own after the lock: it sees a mint that committed while this waited.
    const [used] = await tx`select 1 from nft.nft_mints where image_key = ${key} limit 1`;
    if (used) return false;
    await tx`delete from nft.images where key = ${key}`;
    await deps.storage.remove(key);
    return true;
  }) as Promise<boolean>;
