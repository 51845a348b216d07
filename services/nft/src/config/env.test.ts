import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_ORPHAN_AFTER_SECONDS, MINT_DELAY_MS } from '@starforge/contracts';
import { readNftConfig } from './env';

describe('readNftConfig', () => {
  it('defaults to the spec delay, a day for orphans and .data/nft-images in the checkout', () => {
    expect(readNftConfig({})).toEqual({
      mintDelayMs: MINT_DELAY_MS,
      imageDir: resolve(import.meta.dirname, '../../../../.data/nft-images'),
      imageOrphanAfterSeconds: IMAGE_ORPHAN_AFTER_SECONDS,
    });
  });

  it('reads shorter delays and another folder (tests, the launcher) and refuses nonsense', () => {
    expect(readNftConfig({ NFT_MINT_DELAY_MS: '100', NFT_IMAGE_DIR: '/tmp/images', NFT_IMAGE_ORPHAN_AFTER_SECONDS: '2' })).toEqual({
      mintDelayMs: 100,
      imageDir: '/tmp/images',
      imageOrphanAfterSeconds: 2,
    });
    expect(() => readNftConfig({ NFT_MINT_DELAY_MS: '-1' })).toThrow();
    expect(() => readNftConfig({ NFT_IMAGE_ORPHAN_AFTER_SECONDS: 'soon' })).toThrow();
  });
});
