import { createHash } from 'node:crypto';
import { IMAGE_KEY_PATTERN, nftErrorCodes, type NftImageSize, nftImageSizes, nftImageUrl, nftMessages, type StoredImage } from '@starforge/contracts/nft';
import { ApiError, type Jobs, type Sql } from '@starforge/service-kit';
import { type ImageStorage, sizeObjectName } from '../storage/image-storage';
import type { ImageCache } from './image-cache';
import { type ImageSizes, makeImageSizes, UndecodableImage } from './image-sizes';
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
 * Stores an upload as the sizes the service serves (`makeImageSizes`): first its magic numbers
 * (PNG, JPEG, GIF or WebP; never SVG), then a full decode with libvips; bytes that fail either are
 * 415 invalid_image and nothing is stored. The upload itself is not kept: only its sizes, WebP
 * without metadata, so whatever else it carried is never served. Its key is the SHA-256 of the
 * bytes, so the same bytes uploaded again (a retry, or anyone else) are the same image. The
 * decoding runs before the transaction; then the row is upserted (its last upload moved on) and
 * the sizes written while its lock is held: the clean-up takes the same lock before it removes
 * them, so it never removes what a new upload is relying on. The clean-up is enqueued with it.
 */
export const storeImage = async (deps: ImageDeps, userId: string, bytes: Buffer): Promise<StoredImage> => {
  const contentType = sniffImageType(bytes);
  const invalid = new ApiError(415, nftErrorCodes.invalidImage, nftMessages.invalidImage);
  if (!contentType) throw invalid;
  const sizes = await makeImageSizes(bytes, contentType).catch((error: unknown) => {
    throw error instanceof UndecodableImage ? invalid : error;
  });
  const key = createHash('sha256').update(bytes).digest('hex');
  await deps.sql.begin(async (tx) => {
    await tx`
      insert into nft.images (key, content_type, byte_size, first_uploaded_by)
      values (${key}, ${contentType}, ${bytes.length}, ${userId})
      on conflict (key) do update set last_uploaded_at = now()`;
    await deps.jobs.enqueue<CleanupImageJob>(tx, CLEANUP_IMAGE_JOB, { key }, { startAfterSeconds: deps.orphanAfterSeconds });
    await putSizes(deps.storage, key, sizes);
  });
  return { key, url: nftImageUrl(key), content_type: contentType, byte_size: bytes.length };
};

const SERVED_TYPE = 'image/webp';

const putSizes = async (storage: ImageStorage, key: string, sizes: ImageSizes) => {
  for (const size of nftImageSizes) {
    const name = sizeObjectName(key, size);
    if (!(await storage.has(name))) await storage.put(name, sizes[size], SERVED_TYPE);
  }
};

/** An image to send: its type and size, and its bytes in memory or as a stream from storage. */
export interface ImageToSend {
  contentType: string;
  size: number;
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
}

type ReadDeps = Pick<ImageDeps, 'sql' | 'storage'> & { cache: ImageCache; making: Map<string, Promise<ImageSizes | null>> };

/**
 * One size of a stored image to send, or null when there is none. An image an NFT uses is
 * remembered in `cache` (its bytes when small, as the sizes are), so serving it again needs
 * neither the database nor the storage; an image no NFT uses yet (it may still be removed) is
 * read afresh each time. An image uploaded before the sizes existed has them made from its upload
 * the first time one is read (`sizesOfEarlierUpload`).
 */
export const readImage = async (deps: ReadDeps, key: string, size: NftImageSize): Promise<ImageToSend | null> => {
  if (!IMAGE_KEY_PATTERN.test(key)) return null;
  const name = sizeObjectName(key, size);
  const cached = deps.cache.get(name);
  if (cached?.bytes) return { contentType: cached.contentType, size: cached.size, body: cached.bytes };
  const row =
    cached ??
    (
      await deps.sql<{ used: boolean }[]>`
        select exists (select 1 from nft.nft_mints where image_key = ${key}) as used from nft.images where key = ${key}`
    )[0];
  if (!row) return null;
  const used = cached !== undefined || ('used' in row && row.used);
  const stored = await deps.storage.read(name);
  if (!stored) {
    const made = await sizesOfEarlierUpload(deps, key);
    if (!made) return null;
    const bytes = Buffer.from(made[size]);
    if (used) deps.cache.set(name, { contentType: SERVED_TYPE, size: bytes.length, bytes });
    return { contentType: SERVED_TYPE, size: bytes.length, body: bytes };
  }
  if (cached || !used) return { contentType: SERVED_TYPE, size: stored.size, body: stored.body };
  if (!deps.cache.keepsBytesOf(stored.size)) {
    deps.cache.set(name, { contentType: SERVED_TYPE, size: stored.size, bytes: null });
    return { contentType: SERVED_TYPE, size: stored.size, body: stored.body };
  }
  const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
  deps.cache.set(name, { contentType: SERVED_TYPE, size: bytes.length, bytes });
  return { contentType: SERVED_TYPE, size: bytes.length, body: bytes };
};

/**
 * The sizes of an image stored before issue 26 (its upload kept as sent, under its key alone),
 * made from that upload and stored, once per process however many requests ask at once; null
 * when there is no upload or it does not decode (a card then shows the placeholder). They are
 * written under the row's key-share lock, as a mint takes it: the clean-up, which takes it for
 * update, never leaves a size behind the row it deleted.
 */
const sizesOfEarlierUpload = (deps: ReadDeps, key: string): Promise<ImageSizes | null> => {
  const running = deps.making.get(key);
  if (running) return running;
  const making = (async () => {
    const upload = await deps.storage.read(key);
    if (!upload) return null;
    const bytes = Buffer.from(await new Response(upload.body).arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) return null;
    const sizes = await makeImageSizes(bytes, type).catch((error: unknown) => {
      if (error instanceof UndecodableImage) return null;
      throw error;
    });
    if (!sizes) return null;
    const kept = await deps.sql.begin(async (tx) => {
      const [row] = await tx`select 1 from nft.images where key = ${key} for key share`;
      if (row) await putSizes(deps.storage, key, sizes);
      return Boolean(row);
    });
    return kept ? sizes : null;
  })().finally(() => deps.making.delete(key));
  deps.making.set(key, making);
  return making;
};

/**
 * The clean-up job's work: removes the image (its row, then its files, before the commit) when no
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
    for (const name of [key, ...nftImageSizes.map((size) => sizeObjectName(key, size))]) await deps.storage.remove(name);
    return true;
  }) as Promise<boolean>;
