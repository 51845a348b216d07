import type { NftImageSize } from '@starforge/contracts/nft';

/**
 * Where image bytes live, behind one small interface: the filesystem by default
 * (`fileImageStorage`), an S3-compatible bucket in production (`s3ImageStorage`). Keys are the
 * images' SHA-256 in hex, so an object never changes once written: `put` of an existing key
 * writes the same bytes again. Each image is stored as its sizes (`sizeObjectName`); an upload
 * stored before the sizes existed is still under its key alone, its sizes made from it when first
 * read.
 */
export interface ImageStorage {
  /** Stores the bytes under `key`, whole or not at all (a reader never sees part of them). */
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  /** Whether bytes are stored under `key`. */
  has: (key: string) => Promise<boolean>;
  /** The stored bytes as a stream with their size, or null when nothing is stored under `key`. */
  read: (key: string) => Promise<StoredObject | null>;
  /** Removes what is stored under `key`; nothing stored is not an error. */
  remove: (key: string) => Promise<void>;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/** The object that holds one size of the image `key`: `<key>-<size>`. */
export const sizeObjectName = (key: string, size: NftImageSize): string => `${key}-${size}`;

/** A key alone (an upload kept as sent, before issue 26) or a key and a size: nothing else is ever an object name. */
export const OBJECT_NAME_PATTERN = /^[0-9a-f]{64}(-[a-z]+)?$/;
