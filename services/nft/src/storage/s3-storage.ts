import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ImageStorage, OBJECT_NAME_PATTERN, type StoredObject } from './image-storage';

/** Where the bucket is and how to reach it (`NFT_S3_*`, config/env.ts). */
export interface S3Settings {
  /** An S3-compatible server's URL (MinIO, R2, s3rver…); AWS S3 itself when absent. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Absent: the SDK's default chain (an IAM role of the machine or task, the AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: most self-hosted servers need it. */
  forcePathStyle: boolean;
}

/** Written once, never changed: the same header as the service's own answer, should a CDN ever read the bucket. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Nothing under the key. A missing bucket is not this: it stays an error, so a wrong bucket name is seen. */
const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound;

/**
 * Image storage in an S3-compatible bucket, one object per stored size of an image, named by its
 * key (the SHA-256 in hex) and the size, checked before it becomes an object name. A PUT is atomic in S3: readers see the whole
 * object or none. The bucket may be private: the service reads the objects and serves them itself.
 */
export const s3ImageStorage = (settings: S3Settings): ImageStorage => {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // An upload writes while it holds its image row's lock: a server that stops answering must not hold it for long.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const object = (key: string) => {
    if (!OBJECT_NAME_PATTERN.test(key)) throw new Error(`image storage: unsafe key ${JSON.stringify(key)}`);
    return { Bucket: settings.bucket, Key: key };
  };

  return {
    put: async (key, bytes, contentType) => {
      await client.send(new PutObjectCommand({ ...object(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length, CacheControl: IMMUTABLE }));
    },

    has: async (key) => {
      try {
        await client.send(new HeadObjectCommand(object(key)));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    read: async (key): Promise<StoredObject | null> => {
      let answer: GetObjectCommandOutput;
      try {
        answer = await client.send(new GetObjectCommand(object(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (!answer.Body || answer.ContentLength === undefined) {
        await answer.Body?.transformToWebStream().cancel();
        throw new Error(`image storage: the bucket answered ${key} without a body or a length`);
      }
      // Cancelling the stream (a client that left, a HEAD) destroys the response and frees its socket.
      return { size: answer.ContentLength, body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array> };
    },

    remove: async (key) => {
      // S3 answers 204 for a key with nothing under it: removing twice is not an error.
      await client.send(new DeleteObjectCommand(object(key)));
    },
  };
};
