import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/s3-storage';

export interface TestBucket {
  /** How the service reaches the bucket (path style, s3rver's own keys). */
  settings: S3Settings;
  /** What the bucket holds under `key`, asked with a client of the test's own (not the adapter under test). */
  objectOf: (key: string) => Promise<{ contentType: string | undefined; size: number | undefined; cacheControl: string | undefined } | null>;
  close: () => Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free loopback port, over a temporary folder, with one empty bucket. */
export const startTestBucket = async (bucket = 'nft-images'): Promise<TestBucket> => {
  const directory = await mkdtemp(join(tmpdir(), 'nft-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, credentials: settings.credentials, forcePathStyle: true });
  return {
    settings,
    objectOf: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { contentType: head.ContentType, size: head.ContentLength, cacheControl: head.CacheControl };
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
