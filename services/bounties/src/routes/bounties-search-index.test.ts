import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bountiesAnswerSchema } from '@starforge/contracts/bounties';
import type { Tx } from '@starforge/service-kit';
import { postBounty, proCreator } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs } from '../testing/harness';
import { trigramIndexCall, withoutPgTrgm } from '@starforge/service-kit/trigram-index/testing/without-pg-trgm';

const ctx = bountiesTestContext();

/** Runs `work` in a transaction that is always rolled back (other files never see its rows), and answers what it returned. */
const inRolledBack = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
  ctx.sql
    .begin(async (tx) => {
      throw Object.assign(new Error('rollback'), { kept: { value: await work(tx) } });
    })
    .catch((e: { kept?: { value: T } }) => {
      if (!e.kept) throw e;
      return e.kept.value;
    });

describe('the open-bounties search index', () => {
  it('is the pg_trgm index of open bounties for the page and its count, when the extension exists', async () => {
    const [ext] = await ctx.sql<{ present: boolean }[]>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`;
    const creator = await proCreator(ctx);
    const tok = randomUUID().slice(0, 8);
    const plans = await inRolledBack(async (tx) => {
      await tx`
        insert into bounties.bug_bounties (title, description, reward_cents, project_id, submitted_by)
        select 'Bulk ' || i || ' ' || md5(i::text), 'Filler ' || md5((i * 7)::text), 0, ${creator.projectId}, ${creator.id}
        from generate_series(1, 6000) i`;
      await tx`analyze bounties.bug_bounties`;
      const explain = async (query: string) =>
        (await tx.unsafe<Record<string, string>[]>(`explain ${query}`, [`%${tok}needle%`])).map((r) => Object.values(r)[0]).join('\n');
      // The statements of openBounties (src/domain/bounties.ts), as it sends them.
      return [
        await explain(`select id from bounties.bug_bounties b where true and b.status = 'open' and b.search_text ilike $1
                       order by created_at desc, id desc limit 24`),
        await explain(`select count(*) as total from bounties.bug_bounties b where true and b.status = 'open' and b.search_text ilike $1`),
      ];
    });
    for (const plan of plans) {
      if (ext?.present) expect(plan).toContain('bug_bounties_open_search_trgm');
      // Without pg_trgm the migration made no index: the same ILIKE filters the open rows.
      else expect(plan).not.toContain('bug_bounties_open_search_trgm');
    }
  });

  it('is made only when the extension exists: the migration goes on without it, and the search scans instead', async () => {
    const migration = await readFile(fileURLToPath(new URL('../../migrations/00002_open_bounties_search.sql', import.meta.url)), 'utf8');
    // The migration's own call, made on a server without pg_trgm.
    const call = trigramIndexCall(migration);
    const creator = await proCreator(ctx);
    const tok = randomUUID().slice(0, 8);
    const bounty = await postBounty(ctx, creator, { title: `Fallback ${tok}` });
    const outcome = await inRolledBack(async (tx) => {
      await tx`drop index if exists bounties.bug_bounties_open_search_trgm`;
      await withoutPgTrgm(tx, 'bounties');
      expect(await tx.unsafe(call)).toEqual([{ createTrigramIndex: false }]);
      const indexes = await tx<{ indexname: string }[]>`select indexname from pg_indexes where tablename = 'bug_bounties' and indexname like '%trgm%'`;
      const found = await tx<{ id: string }[]>`select id from bounties.bug_bounties where status = 'open' and search_text ilike ${`%${tok.toUpperCase()}%`}`;
      return { indexes: indexes.length, found: found.map((r) => r.id) };
    });
    expect(outcome).toEqual({ indexes: 0, found: [bounty.id] });
  });

  it('finds a bounty made through the route (the insert builds its search text)', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator, { title: `Routed ${randomUUID().slice(0, 8)}` });
    const res = await callAs(ctx, creator, 'GET', `/bounties/open?q=${encodeURIComponent(bounty.title.toUpperCase())}`);
    expect(bountiesAnswerSchema.parse(res.body).bounties.map((b) => [b.id, b.project_name])).toEqual([[bounty.id, 'Vault audit']]);
  });
});
