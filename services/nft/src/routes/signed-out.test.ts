import { describe, expect, it } from 'vitest';
import { call, errorOf } from '@starforge/test-db/harness';
import { callAs, eventually, mintBody, nftTestContext, signIn, upload, uploadedImage } from '../testing/harness';
import { uniqueImage } from '../testing/images';

const ctx = nftTestContext({ config: { mintDelayMs: 600_000 } });

describe('signed out', () => {
  it('every route but the image read answers 401 without a token, and nothing is stored', async () => {
    const who = await signIn(ctx);
    const key = await uploadedImage(ctx, who);
    const nftId = crypto.randomUUID();
    for (const [method, path, body] of [
      ['POST', '/mints', mintBody(key)],
      ['GET', '/nfts', undefined],
      ['GET', `/nfts/${nftId}`, undefined],
    ] as const) {
      expect(
        errorOf(await call(ctx.app, method, path, body === undefined ? {} : { body, headers: { 'idempotency-key': crypto.randomUUID() } })),
        path,
      ).toMatchObject({
        status: 401,
        code: 'invalid_jwt',
      });
    }
    const res = await ctx.app.app.request(`${ctx.app.base}/images`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: uniqueImage() });
    expect(res.status).toBe(401);
    expect(await ctx.sql`select 1 from nft.nft_mints where image_key = ${key}`).toHaveLength(0);
    // Public: an <img> sends no token.
    expect((await ctx.app.app.request(`${ctx.app.base}/images/${key}`)).status).toBe(200);
  });

  it('a signed-out session is refused on every route (401 session_not_found): no upload, no mint, no read', async () => {
    const who = await signIn(ctx);
    const key = await uploadedImage(ctx, who);
    await ctx.tokens.signOut(ctx.sql, who.user, { announce: true });
    await eventually(async () => (await callAs(ctx, who, 'GET', '/nfts')).status === 401, 2_000);
    for (const [method, path, body] of [
      ['POST', '/mints', mintBody(key)],
      ['GET', '/nfts', undefined],
      ['GET', `/nfts/${crypto.randomUUID()}`, undefined],
    ] as const) {
      expect(errorOf(await callAs(ctx, who, method, path, body === undefined ? {} : { body })), path).toMatchObject({ status: 401, code: 'session_not_found' });
    }
    const bytes = uniqueImage();
    expect(errorOf(await upload(ctx, who, bytes))).toMatchObject({ status: 401, code: 'session_not_found' });
    expect(await ctx.sql`select 1 from nft.nft_mints where user_id = ${who.id}`).toHaveLength(0);
  });

  it('a mint whose session ended without the event being heard is refused in its own transaction', async () => {
    const who = await signIn(ctx);
    const key = await uploadedImage(ctx, who);
    expect((await callAs(ctx, who, 'GET', '/nfts')).status).toBe(200);
    await ctx.tokens.signOut(ctx.sql, who.user);
    expect(errorOf(await callAs(ctx, who, 'POST', '/mints', { body: mintBody(key) }))).toMatchObject({ status: 401, code: 'session_not_found' });
    expect(await ctx.sql`select 1 from nft.nft_mints where user_id = ${who.id}`).toHaveLength(0);
  });
});
