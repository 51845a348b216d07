import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_ORPHAN_AFTER_SECONDS, MINT_DELAY_MS } from '@starforge/contracts/nft';
import { readNftConfig } from './env';

const s3 = {
  NFT_IMAGE_STORE: 's3',
  NFT_S3_ENDPOINT: 'http://127.0.0.1:4569',
  NFT_S3_BUCKET: 'nft-images',
  NFT_S3_REGION: 'us-east-1',
  NFT_S3_ACCESS_KEY_ID: 'S3RVER',
  NFT_S3_SECRET_ACCESS_KEY: 'S3RVER',
  NFT_S3_FORCE_PATH_STYLE: 'true',
};

describe('readNftConfig', () => {
  it('defaults to the spec delay, a day for orphans and the folder .data/nft-images in the checkout', () => {
    expect(readNftConfig({})).toEqual({
      mintDelayMs: MINT_DELAY_MS,
      imageStore: { kind: 'file', dir: resolve(import.meta.dirname, '../../../../.data/nft-images') },
      imageOrphanAfterSeconds: IMAGE_ORPHAN_AFTER_SECONDS,
    });
  });

  it('reads shorter delays and another folder (tests, the launcher) and refuses nonsense', () => {
    expect(readNftConfig({ NFT_MINT_DELAY_MS: '100', NFT_IMAGE_DIR: '/tmp/images', NFT_IMAGE_ORPHAN_AFTER_SECONDS: '2' })).toEqual({
      mintDelayMs: 100,
      imageStore: { kind: 'file', dir: '/tmp/images' },
      imageOrphanAfterSeconds: 2,
    });
    expect(() => readNftConfig({ NFT_MINT_DELAY_MS: '-1' })).toThrow();
    expect(() => readNftConfig({ NFT_IMAGE_ORPHAN_AFTER_SECONDS: 'soon' })).toThrow();
    expect(() => readNftConfig({ NFT_IMAGE_STORE: 'ftp' })).toThrow();
  });

  it('reads an S3-compatible bucket: endpoint, bucket, region, keys and path style', () => {
    expect(readNftConfig(s3).imageStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:4569',
      bucket: 'nft-images',
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    // AWS S3 itself, with the machine's role: no endpoint, no keys, virtual-hosted names. Empty is unset.
    expect(
      readNftConfig({ NFT_IMAGE_STORE: 's3', NFT_S3_BUCKET: 'b', NFT_S3_REGION: 'eu-west-1', NFT_S3_ENDPOINT: '', NFT_S3_ACCESS_KEY_ID: ' ' }).imageStore,
    ).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    // The S3 settings mean nothing to the file store.
    expect(readNftConfig({ ...s3, NFT_IMAGE_STORE: 'file', NFT_IMAGE_DIR: '/tmp/images' }).imageStore).toEqual({ kind: 'file', dir: '/tmp/images' });
  });

  it('refuses to start on S3 with a setting missing, naming it (and never echoing a secret)', () => {
    const errorOf = (source: Record<string, string>) => {
      try {
        readNftConfig(source);
      } catch (error) {
        return String(error);
      }
      throw new Error('readNftConfig accepted it');
    };
    expect(errorOf({ NFT_IMAGE_STORE: 's3' })).toMatch(/NFT_S3_BUCKET is required when NFT_IMAGE_STORE=s3[\s\S]*NFT_S3_REGION is required/);
    expect(errorOf({ ...s3, NFT_S3_BUCKET: '' })).toContain('NFT_S3_BUCKET is required when NFT_IMAGE_STORE=s3');
    const halfKeys = errorOf({ ...s3, NFT_S3_SECRET_ACCESS_KEY: '', NFT_S3_ACCESS_KEY_ID: 'AKIDSECRETISH' });
    expect(halfKeys).toContain('NFT_S3_ACCESS_KEY_ID and NFT_S3_SECRET_ACCESS_KEY are set together');
    expect(halfKeys).not.toContain('AKIDSECRETISH');
    expect(errorOf({ ...s3, NFT_S3_ENDPOINT: 'localhost 4569' })).toContain('NFT_S3_ENDPOINT');
    expect(errorOf({ ...s3, NFT_S3_FORCE_PATH_STYLE: 'yes' })).toContain('NFT_S3_FORCE_PATH_STYLE');
  });
});
