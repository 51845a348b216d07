import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEvent, publishEvents, type Sql } from '@starforge/service-kit';
import { testSql } from '@starforge/test-db';
import { eventually } from '@starforge/test-db/eventually';
import { deleteExpiredEvents } from './event-store';

describe('events.publish and publishEvent', () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await testSql([{ schema: 'events', dir: fileURLToPath(new URL('../../migrations', import.meta.url)) }], 'events');
  });
  afterAll(() => sql.end());

  const sqlState = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );

  it('stores the event and announces a small payload on starforge_events', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const heard: string[] = [];
    const { unlisten } = await sql.listen('starforge_events', (payload) => heard.push(payload));
    const id = await sql.begin((tx) => publishEvent(tx, { userId, type: 'session.ended', data: { sessionId } }));
    await eventually(() => heard.length > 0, 1_000, 10);
    await unlisten();
    expect(heard.map((p) => JSON.parse(p) as unknown)).toEqual([{ id: Number(id), userId, type: 'session.ended', data: { sessionId } }]);
    const [row] = await sql<{ userId: string; type: string; data: unknown }[]>`select user_id, type, data from events where id = ${id}`;
    expect(row).toEqual({ userId, type: 'session.ended', data: { sessionId } });
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

  it('deletes events older than the retention', async () => {
    const userId = randomUUID();
    await sql`select events.publish(${userId}, 'nft.minted', ${sql.json({})})`;
    await sql`select events.publish(${userId}, 'nft.minted', ${sql.json({})})`;
    await sql`update events set created_at = now() - interval '16 minutes' where id = (select min(id) from events where user_id = ${userId})`;
    expect(await deleteExpiredEvents(sql)).toBeGreaterThanOrEqual(1);
    expect((await sql`select 1 from events where user_id = ${userId}`).length).toBe(1);
  });
});
