import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nftImageSizes, nftMessages } from '@starforge/contracts/nft';
import { notDecodable } from '../testing/images';
import { callAs, mintBody, nftTestContext, signIn, upload } from '../testing/harness';

const ctx = nftTestContext();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Issue 26, item 10: each of these was stored, served and mintable when only the first bytes were looked at.
describe('POST /images refuses what does not decode as an image', () => {
  it.each(Object.entries(notDecodable()))('%s: 415 invalid_image, nothing stored, and no NFT can use it', async (_case, bytes) => {
    const who = await signIn(ctx);
    expect(await upload(ctx, who, bytes, 'image/png')).toEqual({ status: 415, body: { error: { code: 'invalid_image', message: nftMessages.invalidImage } } });
    const key = sha256(bytes);
    expect(await ctx.sql`select 1 from nft.images where key = ${key}`).toHaveLength(0);
    for (const name of [key, ...nftImageSizes.map((size) => `${key}-${size}`)]) expect(await ctx.storage.has(name), name).toBe(false);
    const mint = await callAs(ctx, who, 'POST', '/mints', { body: mintBody(key) });
    expect(mint.status).toBe(400);
    expect(await ctx.sql`select 1 from nft.nft_mints where image_key = ${key}`).toHaveLength(0);
  });
});
