import { describe, expect, it } from 'vitest';
import { MINT_POINT_AWARDS_PER_DAY, MINT_POINTS } from '@starforge/contracts/rewards';
import { mintNftSchema, type Nft } from '@starforge/contracts/nft';
import { serverEventSchemas, type ServerEventType } from '@starforge/contracts/shared';
import { cleanupImage } from './domain/images';
import { completeMint, startMint } from './domain/mints';
import { appWith, callAs, eventually, mintBody, nftTestContext, signIn, upload, uploadedImage, type TestUser } from './testing/harness';
import { uniqueImage } from './testing/images';

// Mints complete 100 ms after they start; an unused upload is an orphan after a second.
const ctx = nftTestContext({ config: { imageOrphanAfterSeconds: 1 } });
/** The same service with mints that wait (their job stays queued): tests complete them by hand. */
const slow = () => appWith(ctx, ctx.jobs, { mintDelayMs: 600_000 });

const mint = async (who: TestUser, service = ctx): Promise<Nft> => {
  const res = await callAs(service, who, 'POST', '/mints', { body: mintBody(await uploadedImage(service, who)) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { nft: Nft }).nft;
};
const mintRow = async (id: string) =>
  (await ctx.sql`select status, tx_hash, token_id, minted_at from nft.nft_mints where id = ${id}`)[0] as
    | { status: string; txHash: string | null; tokenId: string | null; mintedAt: Date | null }
    | undefined;
const mintLedgerRows = async (id: string) =>
  ctx.sql`select user_id, points_amount::int, rule from rewards.transactions where idempotency_key = ${`nft_mint:${id}`}`;
const totalNfts = async (userId: string) => (await ctx.sql`select total_nfts from rewards.leaderboard_stats where user_id = ${userId}`)[0]?.totalNfts;
const events = async (userId: string) => {
  const rows = await ctx.sql<{ type: ServerEventType; data: unknown }[]>`select type, data from events.events where user_id = ${userId} order by id`;
  for (const row of rows) expect(serverEventSchemas[row.type].safeParse(row.data).success, row.type).toBe(true);
  return rows;
};
const cleanup = (key: string) => cleanupImage({ sql: ctx.sql, storage: ctx.storage, orphanAfterSeconds: ctx.config.imageOrphanAfterSeconds }, key);
const imageRow = async (key: string) => (await ctx.sql`select 1 from nft.images where key = ${key}`).length === 1;

describe('the mint job (nft-mint.complete)', () => {
  it('completes a mint after the delay: tx hash, token id, minted time, +100 points through rewards, events in order', async () => {
    const who = await signIn(ctx);
    const nft = await mint(who);
    expect(nft.status).toBe('pending');
    await eventually(async () => (await mintRow(nft.id))?.status === 'completed');
    const row = await mintRow(nft.id);
    expect(row?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(row?.tokenId).toMatch(/^[1-9][0-9]*$/);
    expect(row?.mintedAt).toBeInstanceOf(Date);
    expect(await mintLedgerRows(nft.id)).toEqual([{ userId: who.id, pointsAmount: MINT_POINTS, rule: 'nft_minted' }]);
    expect(await totalNfts(who.id)).toBe(1);
    const seen = await events(who.id);
    expect(seen[0]).toEqual({ type: 'nft.mint_started', data: { nftId: nft.id } });
    expect(seen.some((e) => e.type === 'rewards.account_changed')).toBe(true);
    // Last, after rewards' own: the toast with the token id and the points.
    expect(seen.at(-1)).toEqual({ type: 'nft.mint_completed', data: { nftId: nft.id, tokenId: row?.tokenId, points: MINT_POINTS } });
  });

  it('completes once when the job runs twice, even at the same time: one ledger row, one NFT counted, one event', async () => {
    const who = await signIn(ctx);
    const nft = await mint(who, slow());
    expect((await Promise.all([completeMint(ctx.sql, nft.id), completeMint(ctx.sql, nft.id)])).sort()).toEqual([false, true]);
    const tokenId = (await mintRow(nft.id))?.tokenId;
    expect(await completeMint(ctx.sql, nft.id)).toBe(false);
    expect((await mintRow(nft.id))?.tokenId).toBe(tokenId);
    expect(await mintLedgerRows(nft.id)).toHaveLength(1);
    expect(await totalNfts(who.id)).toBe(1);
    expect((await events(who.id)).filter((e) => e.type === 'nft.mint_completed')).toHaveLength(1);
  });

  it('gives each NFT its own token id', async () => {
    const who = await signIn(ctx);
    const ids = await Promise.all([mint(who, slow()), mint(who, slow()), mint(who, slow())].map(async (p) => (await p).id));
    await Promise.all(ids.map((id) => completeMint(ctx.sql, id)));
    const tokens = await Promise.all(ids.map(async (id) => (await mintRow(id))?.tokenId));
    expect(new Set(tokens).size).toBe(3);
  });

  it('earns points for the first 10 mints of a UTC day only: later mints still complete and count, and say they earned none', async () => {
    const who = await signIn(ctx);
    const service = slow();
    // As the probe did: one uploaded image reused for every mint, the jobs all finishing at once.
    const image = await uploadedImage(service, who);
    const ids: string[] = [];
    for (let i = 0; i < MINT_POINT_AWARDS_PER_DAY + 3; i += 1) {
      const res = await callAs(service, who, 'POST', '/mints', { body: mintBody(image, { name: `Faucet ${i}` }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push((res.body as { nft: Nft }).nft.id);
    }
    expect(await Promise.all(ids.map((id) => completeMint(ctx.sql, id)))).toEqual(ids.map(() => true));
    for (const id of ids) expect((await mintRow(id))?.status).toBe('completed');
    const ledger = await ctx.sql<{ n: number; points: number }[]>`
      select count(*)::int as n, coalesce(sum(points_amount), 0)::int as points from rewards.transactions where user_id = ${who.id} and rule = 'nft_minted'`;
    expect(ledger[0]).toEqual({ n: MINT_POINT_AWARDS_PER_DAY, points: MINT_POINT_AWARDS_PER_DAY * MINT_POINTS });
    // Every mint counts in NFTs Minted (and towards the NFT achievements), points or not.
    expect(await totalNfts(who.id)).toBe(ids.length);
    const completed = (await events(who.id)).filter((e) => e.type === 'nft.mint_completed').map((e) => (e.data as { points: number }).points);
    expect(completed.filter((p) => p === MINT_POINTS)).toHaveLength(MINT_POINT_AWARDS_PER_DAY);
    expect(completed.filter((p) => p === 0)).toHaveLength(3);
    expect(await ctx.sql`select * from rewards.ledger_breaks where user_id = ${who.id}`).toEqual([]);
  });

  it('does nothing for an id that names no mint', async () => {
    expect(await completeMint(ctx.sql, crypto.randomUUID())).toBe(false);
  });
});

describe('the orphan clean-up (nft-image.cleanup)', () => {
  it('removes an upload no NFT used, row and files, once its last upload is old enough', async () => {
    const who = await signIn(ctx);
    const key = await uploadedImage(ctx, who);
    expect(await ctx.storage.has(`${key}-grid`)).toBe(true);
    await eventually(async () => !(await imageRow(key)), 8_000, 100);
    expect(await ctx.storage.has(`${key}-grid`)).toBe(false);
    expect(await ctx.storage.has(`${key}-detail`)).toBe(false);
  });

  it('keeps an image an NFT uses (a pending mint too)', async () => {
    const who = await signIn(ctx);
    const nft = await mint(who, slow());
    const key = nft.image_key as string;
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${key}`;
    expect(await cleanup(key)).toBe(false);
    expect(await imageRow(key)).toBe(true);
    expect(await ctx.storage.has(`${key}-grid`)).toBe(true);
  });

  it('keeps an image uploaded again since: the first upload’s job finds it young, the last one’s decides', async () => {
    const who = await signIn(ctx);
    const bytes = uniqueImage('image/webp');
    const first = await upload(ctx, who, bytes, 'image/webp');
    const key = (first.body as { image: { key: string } }).image.key;
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${key}`;
    expect((await upload(ctx, who, bytes, 'image/webp')).status).toBe(201);
    expect(await cleanup(key)).toBe(false);
    expect(await imageRow(key)).toBe(true);
    expect(await ctx.storage.has(`${key}-grid`)).toBe(true);
  });

  it('waits for a mint that holds the image, then keeps it; an image gone answers the mint 400 image_not_found', async () => {
    const who = await signIn(ctx);
    const key = await uploadedImage(ctx, who);
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${key}`;
    let cleaned: Promise<boolean> | undefined;
    await ctx.sql.begin(async (tx) => {
      await startMint(tx, ctx.jobs, who.id, mintNftSchema.parse(mintBody(key)), 600_000);
      cleaned = cleanup(key);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await cleaned).toBe(false);
    expect(await imageRow(key)).toBe(true);

    const orphan = await uploadedImage(ctx, who);
    await ctx.sql`update nft.images set last_uploaded_at = now() - interval '2 days' where key = ${orphan}`;
    expect(await cleanup(orphan)).toBe(true);
    const res = await callAs(ctx, who, 'POST', '/mints', { body: mintBody(orphan) });
    expect(res.status).toBe(400);
    expect((res.body as { error: { code: string } }).error.code).toBe('image_not_found');
  });
});
