import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEventType, UserEventType } from '@starforge/contracts/shared';
import { publishEvent, publishEvents, publishPublicEvent, type Sql } from '@starforge/service-kit';
import { testSql } from '@starforge/test-db';
import { deleteExpiredEvents } from './event-store';

describe('events.publish and publishEvent, events.publish_public and publishPublicEvent', () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await testSql([{ schema: 'events', dir: fileURLToPath(new URL('../../migrations', import.meta.url)) }], 'events');
  });
  afterAll(() => sql.end());

  /** What `publish` announced on starforge_events: the payloads with the id it returned (others' events are ignored). */
  const announced = async (publish: () => Promise<string>) => {
    const heard: { id: number }[] = [];
    const { unlisten } = await sql.listen('starforge_events', (payload) => heard.push(JSON.parse(payload) as { id: number }));
    const id = await publish();
    for (let i = 0; i < 100 && !heard.some((p) => p.id === Number(id)); i++) await new Promise((r) => setTimeout(r, 10));
    await unlisten();
    return { id, payloads: heard.filter((p) => p.id === Number(id)) };
  };

  const sqlState = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );

  it('stores the event and announces a small payload on starforge_events', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const heard = await announced(() => sql.begin((tx) => publishEvent(tx, { userId, type: 'session.ended', data: { sessionId } })));
    const id = heard.id;
    expect(heard.payloads).toEqual([{ id: Number(id), userId, type: 'session.ended', data: { sessionId } }]);
    const [row] = await sql<{ userId: string; type: string; data: unknown }[]>`select user_id, type, data from events where id = ${id}`;
    expect(row).toEqual({ userId, type: 'session.ended', data: { sessionId } });
  });

  it('stores a public event with no user and announces it with userId null', async () => {
    const data = { listingId: randomUUID(), nftId: randomUUID(), status: 'sold' as const };
    let transactionId = '';
    const heard = await announced(() =>
      sql.begin(async (tx) => {
        const [own] = await tx<{ id: string }[]>`select pg_current_xact_id()::text as id`;
        transactionId = own?.id ?? '';
        return publishPublicEvent(tx, { type: 'marketplace.listing_changed', data });
      }),
    );
    // Stamped with the publishing transaction's id, as a table's NOTIFY in it carries it.
    const stamped = { ...data, transactionId };
    expect(transactionId).toMatch(/^\d+$/);
    expect(heard.payloads).toEqual([{ id: Number(heard.id), userId: null, type: 'marketplace.listing_changed', data: stamped }]);
    const [row] = await sql<{ userId: string | null; data: unknown }[]>`select user_id, data from events where id = ${heard.id}`;
    expect(row).toEqual({ userId: null, data: stamped });
  });

  it('refuses a public event whose type is not declared public or whose data is not exactly its declared ids', async () => {
    const count = async () => Number((await sql<{ n: string }[]>`select count(*) as n from events where user_id is null`)[0]?.n);
    const before = await count();
    const bountyId = randomUUID();
    const attempts = [
      // A user event's type, or an undeclared one, passed where only public types compile.
      { type: 'session.ended', data: { sessionId: randomUUID() } },
      { type: 'bounties.bounty_paid', data: { bountyId } },
      // Something private riding along, a malformed id, a status that is not the spec's.
      { type: 'bounties.bounty_changed', data: { bountyId, status: 'claimed', claimedBy: randomUUID() } },
      { type: 'bounties.bounty_changed', data: { bountyId: 'b-1', status: 'claimed' } },
      { type: 'bounties.bounty_changed', data: { bountyId, status: 'paid' } },
      // The transaction's id is the kit's to stamp, never the publisher's to claim.
      { type: 'bounties.bounty_changed', data: { bountyId, status: 'claimed', transactionId: '1' } },
    ];
    for (const attempt of attempts) {
      await expect(publishPublicEvent(sql, attempt as { type: PublicEventType; data: never })).rejects.toThrow();
    }
    expect(await count()).toBe(before);
  });

  it('refuses a public type through publishEvent, which would send it to one user only', async () => {
    const userId = randomUUID();
    const event = { userId, type: 'bounties.bounty_changed' as UserEventType, data: { bountyId: randomUUID(), status: 'open' } as never };
    await expect(publishEvent(sql, event)).rejects.toThrow(/publishPublicEvent/);
  });

  it('refuses a user event after a public one in a transaction (locks go users first, then public), and takes both the other way', async () => {
    const userId = randomUUID();
    const bounty = { type: 'bounties.bounty_changed' as const, data: { bountyId: randomUUID(), status: 'claimed' as const } };
    const wrongWay = sql.begin(async (tx) => {
      await publishPublicEvent(tx, bounty);
      await publishEvent(tx, { userId, type: 'session.ended', data: { sessionId: randomUUID() } });
    });
    expect(await sqlState(wrongWay)).toBe('55000');
    const ids = await sql.begin(async (tx) => [
      await publishEvent(tx, { userId, type: 'session.ended', data: { sessionId: randomUUID() } }),
      await publishPublicEvent(tx, bounty),
      await publishPublicEvent(tx, bounty),
    ]);
    expect((await sql`select 1 from events where id in ${sql(ids)}`).length).toBe(3);
    // The flag is the transaction's own: the next one may publish user events again.
    expect(await sqlState(sql.begin((tx) => publishEvent(tx, { userId, type: 'session.ended', data: { sessionId: randomUUID() } })))).toBe('ok');
  });

  it('lets crossed transactions that tell two users and everyone commit without a deadlock', async () => {
    const [a = '', b = ''] = [randomUUID(), randomUUID()].sort();
    const sale = () =>
      sql.begin(async (tx) => {
        await publishEvents(tx, [
          { userId: b, type: 'rewards.account_changed', data: { reason: 'sale' } },
          { userId: a, type: 'rewards.account_changed', data: { reason: 'sale' } },
        ]);
        await publishPublicEvent(tx, { type: 'marketplace.listing_changed', data: { listingId: randomUUID(), nftId: randomUUID(), status: 'sold' } });
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, sale));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('refuses data that does not match the registered schema before it reaches the database', async () => {
    await expect(publishEvent(sql, { userId: randomUUID(), type: 'session.ended', data: { sessionId: 'not-a-uuid' } })).rejects.toThrow();
  });

  it('refuses data too large for a NOTIFY, a malformed type, and data that is not an object', async () => {
    const userId = randomUUID();
    expect(await sqlState(sql`select events.publish(${userId}, 'nft.minted', ${sql.json({ blob: 'x'.repeat(4_000) })})`)).toBe('54000');
    expect(await sqlState(sql`select events.publish(${userId}, 'Bad Type', ${sql.json({})})`)).toBe('22023');
    expect(await sqlState(sql`select events.publish(${userId}, 'minted', ${sql.json({})})`)).toBe('22023');
    expect(await sqlState(sql`select events.publish(${userId}, 'nft.minted', ${sql.json([1])})`)).toBe('22023');
    expect(await sqlState(sql`select events.publish(${null}, 'nft.minted', ${sql.json({})})`)).toBe('22004');
    expect(await sqlState(sql`select events.publish_public('nft.listed', ${sql.json({ blob: 'x'.repeat(4_000) })})`)).toBe('54000');
    expect(await sqlState(sql`select events.publish_public('Bad Type', ${sql.json({})})`)).toBe('22023');
    expect(await sqlState(sql`select events.publish_public('nft.listed', ${sql.json([1])})`)).toBe('22023');
    expect(await sqlState(sql`select events.publish(${userId}, 'nft.minted', ${sql.json({ mintId: 'a' })})`)).toBe('ok');
  });

  it("publishes for several users in user-id order, keeping each user's order, and answers ids in the given order", async () => {
    const [a, b] = [randomUUID(), randomUUID()].sort();
    const event = (userId: string | undefined) => ({ userId: userId ?? '', type: 'session.ended' as const, data: { sessionId: randomUUID() } });
    const given = [event(b), event(a), event(b), event(a)];
    const ids = await sql.begin((tx) => publishEvents(tx, given));
    const rows = await sql<
      { id: string; userId: string; data: { sessionId: string } }[]
    >`select id, user_id, data from events where id in ${sql(ids)} order by id`;
    expect(rows.map((r) => r.userId)).toEqual([a, a, b, b]);
    expect(rows.map((r) => r.data.sessionId)).toEqual([given[1], given[3], given[0], given[2]].map((e) => e?.data.sessionId));
    expect(ids.map((id) => rows.find((r) => r.id === id)?.data.sessionId)).toEqual(given.map((e) => e.data.sessionId));
  });

  it('deletes user and public events older than the retention, and records the last id deleted of each kind', async () => {
    const userId = randomUUID();
    const [oldUser, , oldPublic, keptPublic] = [
      await sql`select events.publish(${userId}, 'nft.minted', ${sql.json({})}) as id`,
      await sql`select events.publish(${userId}, 'nft.minted', ${sql.json({})}) as id`,
      await sql`select events.publish_public('nft.listed', ${sql.json({})}) as id`,
      await sql`select events.publish_public('nft.listed', ${sql.json({})}) as id`,
    ].map((rows) => String((rows[0] as { id: string }).id));
    await sql`update events set created_at = now() - interval '16 minutes' where id in (${oldUser ?? ''}, ${oldPublic ?? ''})`;
    expect(await deleteExpiredEvents(sql)).toBeGreaterThanOrEqual(2);
    expect((await sql`select 1 from events where user_id = ${userId}`).length).toBe(1);
    expect((await sql`select id from events where id in (${oldPublic ?? ''}, ${keptPublic ?? ''})`).map((r) => String(r.id))).toEqual([keptPublic]);
    const [retention] = await sql<{ deletedThrough: string; publicDeletedThrough: string }[]>`select deleted_through, public_deleted_through from retention`;
    expect(BigInt(retention?.deletedThrough ?? 0)).toBeGreaterThanOrEqual(BigInt(oldUser ?? 0));
    expect(BigInt(retention?.publicDeletedThrough ?? 0)).toBeGreaterThanOrEqual(BigInt(oldPublic ?? 0));
    expect(BigInt(retention?.publicDeletedThrough ?? 0)).toBeLessThan(BigInt(keptPublic ?? 0));
  });
});
