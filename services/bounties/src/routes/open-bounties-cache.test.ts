import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bountiesAnswerSchema, type BountiesAnswer } from '@starforge/contracts/bounties';
import type { Sql, Tx } from '@starforge/service-kit';
import { withListenerHeld } from '@starforge/service-kit/notified-cache/testing/hold-listener';
import { serviceCopies, transactionIdOf } from '@starforge/service-kit/notified-cache/testing/service-copies';
import { testAppOf } from '@starforge/test-db/harness';
import { createApp } from '../app';
import { OPEN_BOUNTIES_CHANGED_CHANNEL, openBountiesPageCache } from '../domain/open-bounty-pages';
import { claim, postBounty, proCreator, projectOf, seedBounties } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, signIn, testTreasury, type BountiesTestContext, type TestUser } from '../testing/harness';

const ctx = bountiesTestContext();

/** A word no other test's rows contain: every search here is scoped to its own rows. */
const token = () => `zb${randomBytes(5).toString('hex')}`;

/** A copy of the service as it runs in production (its own pool, page cache and LISTEN connection), called through a test context holding its app. */
const { copyOf, committed: committedThrough } = serviceCopies({
  schema: 'bounties',
  cacheOf: (sql, options: { capacity?: number; maxAgeMs?: number }, onNotify) => openBountiesPageCache(sql, { ...options, onNotify }),
  appOf: (sql, cache): BountiesTestContext => ({
    sql: ctx.sql,
    jobs: ctx.jobs,
    tokens: ctx.tokens,
    app: testAppOf(createApp(sql, { jobs: ctx.jobs, keys: ctx.tokens.keys, solanaTreasury: testTreasury, openPages: cache }), 'bounties'),
  }),
});

type Copy = Awaited<ReturnType<typeof copyOf>>;
let copies: [Copy, Copy];
beforeAll(async () => {
  copies = [await copyOf({}), await copyOf({})];
});

const search = async (copy: Copy, who: TestUser, q: string, seen?: string): Promise<BountiesAnswer> => {
  const result = await callAs(copy.app, who, 'GET', `/bounties/open?${new URLSearchParams({ q, ...(seen === undefined ? {} : { seen }) })}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return bountiesAnswerSchema.parse(result.body);
};
const shown = (answer: BountiesAnswer) => ({ total: answer.total, bounties: answer.bounties.map((b) => [b.title, b.project_name]) });

/** Saves the user's names in auth's profiles, as Settings does (the creator's display name comes from them). */
const setNames = (sql: Sql, userId: string, firstName: string) =>
  sql`insert into auth.profiles (id, first_name, last_name) values (${userId}, ${firstName}, null)
      on conflict (id) do update set first_name = excluded.first_name, last_name = null, updated_at = now()`;

/** Commits `change` through the test's own pool and waits until each of `of` has heard it. */
const committed = (change: (tx: Tx) => Promise<unknown>, of: Copy[] = copies) => committedThrough(ctx.sql, change, of);

const insertOpen = async (tx: Tx, creatorId: string, projectId: string, title: string): Promise<string> => {
  const [row] = await tx<{ id: string }[]>`
    insert into bounties.bug_bounties (title, description, reward_cents, project_id, submitted_by)
    values (${title}, 'Inserted by a cache test.', 0, ${projectId}, ${creatorId}) returning id`;
  if (!row) throw new Error('no bounty');
  return row.id;
};

describe('open-bounties pages kept in memory', () => {
  it('are shared by every viewer, each told whether they created a bounty', async () => {
    const tok = token();
    const creator = await proCreator(ctx, 0);
    const viewer = await signIn(ctx);
    await setNames(ctx.sql, creator.id, `Kept${tok}`);
    await seedBounties(ctx.sql, creator.id, creator.projectId, [`Kept ${tok}`]);
    const [copy] = copies;
    // The creator's name is auth's and no bounty's change announces it: a page that still shows
    // the old name after it changed was answered from memory. Tried again if another test
    // file's change to an open bounty emptied the cache meanwhile.
    await vi.waitFor(async () => {
      await setNames(ctx.sql, creator.id, `Kept${tok}`);
      await search(copy, viewer, tok);
      const generation = copy.cache.generation;
      await setNames(ctx.sql, creator.id, `Renamed${tok}`);
      const asCreator = await search(copy, creator, tok);
      const asViewer = await search(copy, viewer, tok);
      if (copy.cache.generation !== generation) throw new Error('emptied meanwhile by another change: once more');
      expect(asCreator.bounties.map((b) => [b.creator_name, b.created_by_me, b.claimed_by_me])).toEqual([[`Kept${tok}`, true, false]]);
      expect(asViewer.bounties.map((b) => [b.creator_name, b.created_by_me, b.claimed_by_me])).toEqual([[`Kept${tok}`, false, false]]);
    });
    // Neither answer carries the creator's id.
    expect(JSON.stringify(await search(copy, viewer, tok))).not.toContain(creator.id);
  });

  it('are never served stale, by either copy, once it heard a bounty posted, claimed, closed, opened again or its project renamed', async () => {
    const tok = token();
    const creator = await proCreator(ctx, 0);
    const claimer = await signIn(ctx);
    const bothShow = async (expected: ReturnType<typeof shown>) => {
      // Twice: the first may load the page, the second is answered from memory.
      for (const copy of copies) for (let n = 0; n < 2; n++) expect(shown(await search(copy, claimer, tok))).toEqual(expected);
    };
    await bothShow({ total: 0, bounties: [] });

    let id = '';
    await committed(async (tx) => {
      id = await insertOpen(tx, creator.id, creator.projectId, `Changing ${tok}`);
    });
    await bothShow({ total: 1, bounties: [[`Changing ${tok}`, 'Vault audit']] });

    await committed((tx) => tx`update bounties.projects set name = ${`Renamed vault ${tok}`} where id = ${creator.projectId}`);
    await bothShow({ total: 1, bounties: [[`Changing ${tok}`, `Renamed vault ${tok}`]] });

    await committed((tx) => tx`update bounties.bug_bounties set status = 'claimed', claimed_by = ${claimer.id}, claimed_at = now() where id = ${id}`);
    await bothShow({ total: 0, bounties: [] });

    await committed((tx) => tx`update bounties.bug_bounties set status = 'open', claimed_by = null, claimed_at = null where id = ${id}`);
    await bothShow({ total: 1, bounties: [[`Changing ${tok}`, `Renamed vault ${tok}`]] });

    await committed((tx) => tx`update bounties.bug_bounties set status = 'closed', closed_at = now() where id = ${id}`);
    await bothShow({ total: 0, bounties: [] });
  });

  it('reach the other copy when a bounty is posted or claimed through one copy’s routes', async () => {
    const tok = token();
    const creator = await proCreator(ctx);
    const claimer = await signIn(ctx);
    const [one, other] = copies;
    expect((await search(other, claimer, tok)).total).toBe(0);
    // Each copy's own writes announce themselves like anyone's: the other empties its pages once it hears.
    const heardAfter = async (write: () => Promise<unknown>) => {
      const generation = other.cache.generation;
      await write();
      await vi.waitFor(() => expect(other.cache.generation).toBeGreaterThan(generation));
    };
    let bountyId = '';
    await heardAfter(async () => {
      bountyId = (await postBounty(one.app, creator, { title: `Routed ${tok}` })).id;
    });
    const seen = await search(other, claimer, tok);
    expect(seen.bounties.map((b) => [b.title, b.created_by_me])).toEqual([[`Routed ${tok}`, false]]);
    expect((await search(other, creator, tok)).bounties.map((b) => b.created_by_me)).toEqual([true]);
    await heardAfter(() => claim(one.app, claimer, bountyId));
    expect(shown(await search(other, claimer, tok))).toEqual({ total: 0, bounties: [] });
  });

  it('answer a search naming a change it has not heard of yet (seen) with that change, never the kept page', async () => {
    const tok = token();
    const creator = await proCreator(ctx);
    const viewer = await signIn(ctx);
    const [copy] = copies;
    // This copy's LISTEN backend is stopped, so the posting's NOTIFY reaches it only later (the
    // browser heard the public event first), made certain.
    await withListenerHeld(copy.cache, async () => {
      // The page without the bounty is kept.
      expect((await search(copy, viewer, tok)).total).toBe(0);
      const generation = copy.cache.generation;
      const posted = await postBounty(copy.app, creator, { title: `Seen ${tok}` });
      const [event] = await ctx.sql<{ transactionId: string }[]>`
        select data ->> 'transactionId' as transaction_id from events.events
        where user_id is null and type = 'bounties.bounty_changed' and data ->> 'bountyId' = ${posted.id}`;
      expect(event?.transactionId).toMatch(/^\d+$/);
      expect(shown(await search(copy, viewer, tok, event?.transactionId))).toEqual({ total: 1, bounties: [[`Seen ${tok}`, 'Vault audit']] });
      // Read past the kept page and not kept: without `seen` it is still served until the NOTIFY is heard.
      expect(copy.cache.generation).toBe(generation);
      expect((await search(copy, viewer, tok)).total).toBe(0);
    });
    await vi.waitFor(async () => expect((await search(copy, viewer, tok)).total).toBe(1));
    const refused = await callAs(copy.app, viewer, 'GET', `/bounties/open?${new URLSearchParams({ q: tok, seen: '12a' })}`);
    expect(refused.status).toBe(400);
  });

  it("answer the claimer's own read after a claim (Cache-Control: no-cache) without the claimed bounty, though this copy has not heard it", async () => {
    const tok = token();
    const creator = await proCreator(ctx);
    const claimer = await signIn(ctx);
    const [copy] = copies;
    const posted = await postBounty(copy.app, creator, { title: `Own claim ${tok}` });
    await vi.waitFor(async () => expect((await search(copy, claimer, tok)).total).toBe(1));
    await withListenerHeld(copy.cache, async () => {
      await claim(copy.app, claimer, posted.id);
      // The kept page still lists it; the claimer's tab, which made the change, asks past it.
      expect((await search(copy, claimer, tok)).total).toBe(1);
      const fresh = await callAs(copy.app, claimer, 'GET', `/bounties/open?${new URLSearchParams({ q: tok })}`, { headers: { 'Cache-Control': 'no-cache' } });
      expect(fresh.status).toBe(200);
      expect(shown(bountiesAnswerSchema.parse(fresh.body))).toEqual({ total: 0, bounties: [] });
      // What it read is kept: the next reads on this copy no longer list it either.
      expect((await search(copy, claimer, tok)).total).toBe(0);
    });
  });

  it('never keep a page read before a change that commits while the search is in flight', async () => {
    const tok = token();
    const creator = await proCreator(ctx, 0);
    const viewer = await signIn(ctx);
    const [id = ''] = await seedBounties(ctx.sql, creator.id, creator.projectId, [`Raced ${tok}`]);
    const [copy] = copies;
    // The search's own statement runs; its answer is held until the change has committed and
    // this copy has heard it, as when the notification is read before the query's result.
    const get = copy.cache.get.bind(copy.cache);
    let read = false;
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    copy.cache.get = (key, load) =>
      get(key, async () => {
        const page = await load();
        read = true;
        await held;
        return page;
      });
    try {
      const inFlight = search(copy, viewer, tok);
      await vi.waitFor(() => expect(read).toBe(true));
      await committed((tx) => tx`update bounties.bug_bounties set status = 'closed', closed_at = now() where id = ${id}`, [copy]);
      answer();
      // Its own request is answered from what it read; nothing else ever is.
      expect(shown(await inFlight).total).toBe(1);
    } finally {
      copy.cache.get = get;
      answer();
    }
    expect(shown(await search(copy, viewer, tok))).toEqual({ total: 0, bounties: [] });
  });

  it('are at most `capacity`, and a creator’s new display name shows once a page is `maxAgeMs` old', async () => {
    const small = await copyOf({ capacity: 3, maxAgeMs: 500 });
    const tok = token();
    const creator = await proCreator(ctx, 0);
    await setNames(ctx.sql, creator.id, `Old${tok}`);
    await seedBounties(ctx.sql, creator.id, creator.projectId, [`Named ${tok}`]);
    for (let n = 0; n < 6; n++) {
      await search(small, creator, `${tok} ${n}`);
      expect(small.cache.size).toBeLessThanOrEqual(3);
    }
    expect((await search(small, creator, `named ${tok}`)).bounties[0]?.creator_name).toBe(`Old${tok}`);
    // Auth's names: no bounty's change announces them, the page's age bounds them.
    await setNames(ctx.sql, creator.id, `New${tok}`);
    const renamedAt = Date.now();
    await vi.waitFor(async () => expect((await search(small, creator, `named ${tok}`)).bounties[0]?.creator_name).toBe(`New${tok}`), { timeout: 3_000 });
    expect(Date.now() - renamedAt).toBeLessThan(1_500);
  });
});

describe('migration 00003: what notifies bounties_open_changed', () => {
  it('a transaction that posts, claims, closes, re-times or deletes an open bounty, or renames its project, once; never one that changes no open row or rolls back', async () => {
    const heard: string[] = [];
    const { unlisten } = await ctx.sql.listen(OPEN_BOUNTIES_CHANGED_CHANNEL, (xid) => heard.push(xid));
    try {
      const creator = await proCreator(ctx, 0);
      const claimer = await signIn(ctx);
      const quiet = await projectOf(ctx.sql, creator.id, { name: 'No open bounties' });
      const inTransaction = (work: (tx: Tx) => Promise<unknown>) =>
        ctx.sql.begin(async (tx) => {
          await work(tx);
          return transactionIdOf(tx);
        });
      let a = '';
      let b = '';
      const notifying = [
        await inTransaction(async (tx) => {
          a = await insertOpen(tx, creator.id, creator.projectId, 'Notified a');
          // A second statement in the same transaction: still one notification.
          b = await insertOpen(tx, creator.id, creator.projectId, 'Notified b');
        }),
        await inTransaction((tx) => tx`update bounties.bug_bounties set review_seconds = 60 where id = ${a}`),
        await inTransaction((tx) => tx`update bounties.projects set name = 'Renamed with open bounties' where id = ${creator.projectId}`),
        await inTransaction((tx) => tx`update bounties.bug_bounties set status = 'claimed', claimed_by = ${claimer.id}, claimed_at = now() where id = ${a}`),
        await inTransaction((tx) => tx`update bounties.bug_bounties set status = 'closed', closed_at = now() where id = ${b}`),
        await inTransaction(async (tx) => {
          const id = await insertOpen(tx, creator.id, creator.projectId, 'Notified c');
          await tx`delete from bounties.bug_bounties where id = ${id}`;
        }),
      ];
      const silent = [
        // The claimed row's review time: it is not open before or after.
        await inTransaction((tx) => tx`update bounties.bug_bounties set review_seconds = 90 where id = ${a}`),
        await inTransaction((tx) => tx`update bounties.bug_bounties set reward_cents = reward_cents where id = ${b}`),
        await inTransaction(
          (tx) =>
            tx`insert into bounties.bug_bounties (title, description, reward_cents, project_id, submitted_by, status, closed_at)
               values ('Closed at once', 'Never open.', 0, ${creator.projectId}, ${creator.id}, 'closed', now())`,
        ),
        await inTransaction((tx) => tx`update bounties.projects set name = 'Renamed, nothing open' where id = ${quiet}`),
        await inTransaction((tx) => tx`update bounties.projects set status = 'paused' where id = ${creator.projectId}`),
        await inTransaction((tx) => tx`update bounties.bug_bounties set reward_cents = 1 where false`),
      ];
      let rolledBack = '';
      await ctx.sql
        .begin(async (tx) => {
          await insertOpen(tx, creator.id, creator.projectId, 'Rolled back');
          rolledBack = await transactionIdOf(tx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      // Notifications arrive in commit order: once the last is heard, every earlier one was.
      const last = await inTransaction((tx) => insertOpen(tx, creator.id, creator.projectId, 'Notified last'));
      await vi.waitFor(() => expect(heard).toContain(last));
      for (const xid of notifying) expect(heard.filter((h) => h === xid)).toHaveLength(1);
      expect(heard.filter((h) => [...silent, rolledBack].includes(h))).toEqual([]);
    } finally {
      await unlisten();
    }
  });
});
