import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serviceProcesses } from '@starforge/test-db/service-process';
import { MINT_POINTS } from '@starforge/contracts/rewards';
import type { Nft } from '@starforge/contracts/nft';
import { registerNftJobs } from './jobs';
import { appWith, callAs, eventually, imageStoreEnv, mintBody, nftTestContext, signIn, testJobs, uploadedImage } from './testing/harness';

const ctx = nftTestContext();
const serviceDir = fileURLToPath(new URL('..', import.meta.url));
const processes = serviceProcesses('nft', serviceDir);
/** The real nft service, as the launcher starts it, on the test database. */
const startService = () => processes.start(imageStoreEnv(ctx.config.imageStore));

const statusOf = async (id: string) => (await ctx.sql`select status from nft.nft_mints where id = ${id}`)[0]?.status;

describe('the nft service killed with SIGKILL in the middle of a mint', () => {
  it('completes the mint exactly once after a restart: one ledger row, +100 points, one NFT counted', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    // The service opens its queues (nft_jobs); this test's mint adds to them, due in 1.5 s.
    const first = await startService();
    const queue = testJobs('nft');
    // Registered, never started: this process only enqueues (the kit wants each queue's worker known).
    registerNftJobs(queue, ctx.sql, { storage: ctx.storage, orphanAfterSeconds: ctx.config.imageOrphanAfterSeconds });
    const service = appWith(ctx, queue, { mintDelayMs: 1_500 });
    const started = await callAs(service, who, 'POST', '/mints', { body: mintBody(await uploadedImage(service, who)) });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const nft = (started.body as { nft: Nft }).nft;

    // Hold the owner's balance row, so the job stops inside its transaction (in record_nft_mint), before committing.
    const holder = await ctx.sql.reserve();
    await holder`begin`;
    await holder`select 1 from rewards.user_balances where user_id = ${who.id} for update`;
    const active = async () => Number((await ctx.sql`select count(*) as n from nft_jobs.job where state = 'active' and data->>'nftId' = ${nft.id}`)[0]?.n);
    await eventually(async () => (await active()) === 1, 10_000);
    // Inside the job's transaction: the mint row is locked and updated, not committed.
    await eventually(
      async () => (await ctx.sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%record_nft_mint%'`).length === 1,
      5_000,
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await holder`rollback`;
    holder.release();

    // Killed mid-mint: nothing of the job committed.
    expect(await statusOf(nft.id)).toBe('pending');
    expect(await ctx.sql`select 1 from rewards.transactions where idempotency_key = ${`nft_mint:${nft.id}`}`).toHaveLength(0);

    // The restarted service finds the job abandoned (its worker died) and runs it again.
    const second = await startService();
    try {
      await eventually(async () => (await statusOf(nft.id)) === 'completed', 20_000, 200);
    } finally {
      second.kill('SIGTERM');
    }
    const ledger = await ctx.sql`select points_amount::int from rewards.transactions where idempotency_key = ${`nft_mint:${nft.id}`}`;
    expect(ledger).toEqual([{ pointsAmount: MINT_POINTS }]);
    expect((await ctx.sql`select total_nfts from rewards.leaderboard_stats where user_id = ${who.id}`)[0]?.totalNfts).toBe(1);
    const completed = await ctx.sql`select data from events.events where user_id = ${who.id} and type = 'nft.mint_completed'`;
    expect(completed).toHaveLength(1);
    expect(completed[0]?.data).toMatchObject({ nftId: nft.id, points: MINT_POINTS });
  }, 60_000);
});
