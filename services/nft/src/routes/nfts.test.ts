import { describe, expect, it } from 'vitest';
import { nftImageUrl, nftMessages, nftSchema, type Nft } from '@starforge/contracts/nft';
import { errorOf } from '@starforge/test-db/harness';
import { completeMint } from '../domain/mints';
import { callAs, mintBody, nftTestContext, signIn, uploadedImage, type TestUser } from '../testing/harness';

// Mints stay pending until a test completes them (what they answer is compared with later reads).
const ctx = nftTestContext({ config: { mintDelayMs: 600_000 } });

const mint = async (who: TestUser, overrides: Record<string, unknown> = {}): Promise<Nft> => {
  const res = await callAs(ctx, who, 'POST', '/mints', { body: mintBody(await uploadedImage(ctx, who), overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return nftSchema.parse((res.body as { nft: unknown }).nft);
};
const list = async (who: TestUser) => {
  const res = await callAs(ctx, who, 'GET', '/nfts');
  expect(res.status).toBe(200);
  return (res.body as { nfts: Nft[] }).nfts;
};
const read = (who: TestUser, id: string) => callAs(ctx, who, 'GET', `/nfts/${id}`);

describe('POST /mints', () => {
  it('answers the NFT pending, made and owned by the caller (the token, never the body), with its image URL', async () => {
    const who = await signIn(ctx);
    const other = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    const res = await callAs(ctx, who, 'POST', '/mints', { body: { ...mintBody(image), user_id: other.id, current_owner_id: other.id, status: 'completed' } });
    expect(res.status).toBe(201);
    const nft = nftSchema.parse((res.body as { nft: unknown }).nft);
    expect(nft).toMatchObject({
      name: 'Nova Star',
      category: 'Art',
      image_key: image,
      image_url: nftImageUrl(image),
      tags: ['space', 'star'],
      creator_royalty: 5,
      status: 'pending',
      origin: 'wizard',
      network: 'ethereum',
      tx_hash: null,
      token_id: null,
      minted_at: null,
      owned_by_me: true,
      created_by_me: true,
    });
    const [row] = await ctx.sql`select user_id, original_creator_id, current_owner_id from nft.nft_mints where id = ${nft.id}`;
    expect(row).toEqual({ userId: who.id, originalCreatorId: who.id, currentOwnerId: who.id });
  });

  it('mints once for a submit retried with its Idempotency-Key', async () => {
    const who = await signIn(ctx);
    const body = mintBody(await uploadedImage(ctx, who));
    const first = await callAs(ctx, who, 'POST', '/mints', { body });
    const again = await callAs(ctx, who, 'POST', '/mints', { body, key: first.key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await ctx.sql`select 1 from nft.nft_mints where user_id = ${who.id}`).toHaveLength(1);
  });
});

describe('GET /nfts and GET /nfts/:id: two users', () => {
  it("lists the caller's own NFTs newest first, never another user's", async () => {
    const [a, b] = [await signIn(ctx), await signIn(ctx)];
    const first = await mint(a, { name: 'First' });
    const second = await mint(a, { name: 'Second' });
    const theirs = await mint(b, { name: 'Theirs' });
    expect((await list(a)).map((n) => n.id)).toEqual([second.id, first.id]);
    expect((await list(b)).map((n) => n.id)).toEqual([theirs.id]);
    expect((await list(await signIn(ctx))).length).toBe(0);
  });

  it("shows any NFT to any signed-in user, saying whether it is theirs; another user's NFT is not owned_by_me", async () => {
    const [a, b] = [await signIn(ctx), await signIn(ctx)];
    const nft = await mint(a);
    const mine = await read(a, nft.id);
    expect(mine.status).toBe(200);
    expect((mine.body as { nft: Nft }).nft).toEqual(nft);
    const theirs = await read(b, nft.id);
    expect(theirs.status).toBe(200);
    expect((theirs.body as { nft: Nft }).nft).toEqual({ ...nft, owned_by_me: false, created_by_me: false });
  });

  it('follows the owner: after a transfer the new owner lists it as owned, the maker still lists it as made', async () => {
    const [a, b] = [await signIn(ctx), await signIn(ctx)];
    const nft = await mint(a);
    expect(await completeMint(ctx.sql, nft.id)).toBe(true);
    await ctx.sql`select nft.transfer_ownership(${nft.id}, ${a.id}, ${b.id}, ${`test:${nft.id}`})`;
    expect((await list(b)).map((n) => [n.id, n.owned_by_me, n.created_by_me])).toEqual([[nft.id, true, false]]);
    expect((await list(a)).map((n) => [n.id, n.owned_by_me, n.created_by_me])).toEqual([[nft.id, false, true]]);
  });

  it('answers 404 nft_not_found for an unknown id and a clear 400 for one that is not an id', async () => {
    const who = await signIn(ctx);
    expect(errorOf(await read(who, crypto.randomUUID()))).toEqual({ status: 404, code: 'nft_not_found', message: nftMessages.nftNotFound });
    for (const id of ['42', 'not-an-id', `${crypto.randomUUID()}x`]) {
      expect(errorOf(await read(who, id)), id).toEqual({ status: 400, code: 'validation_failed', message: nftMessages.nftNotFound });
    }
  });
});
