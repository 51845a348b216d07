import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './paths';
import { compileCacheDir, nftImageDir } from './stack';

describe("the nft service's image folder", () => {
  it('sits beside the embedded PostgreSQL data (.data/ for pnpm start, .data-e2e/ and .data-bench/ for their runs), as an absolute path', () => {
    expect(nftImageDir({})).toBe(fromRoot('.data/nft-images'));
    expect(nftImageDir({ dataDir: '.data-e2e/pg' })).toBe(resolve('.data-e2e/nft-images'));
    expect(nftImageDir({ dataDir: fromRoot('.data-bench/pg') })).toBe(fromRoot('.data-bench/nft-images'));
    expect(nftImageDir({ dataDir: fromRoot('.data/pg'), imageDir: '/srv/images' })).toBe('/srv/images');
  });
});

describe("the engine workers' compile cache folder", () => {
  it('sits beside the embedded PostgreSQL data too, as an absolute path', () => {
    expect(compileCacheDir({})).toBe(fromRoot('.data/compile-cache'));
    expect(compileCacheDir({ dataDir: '.data-e2e/pg' })).toBe(resolve('.data-e2e/compile-cache'));
    expect(compileCacheDir({ dataDir: fromRoot('.data-bench/pg') })).toBe(fromRoot('.data-bench/compile-cache'));
  });
});
