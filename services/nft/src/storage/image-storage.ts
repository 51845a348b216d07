/**
 * Where image bytes live, behind one small interface: the filesystem by default
 * (`fileImageStorage`), an S3-compatible bucket in production (`s3ImageStorage`). Keys are the
 * images' SHA-256 in hex, so an object never changes once written: `put` of an existing key
 * writes the same bytes again.
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
