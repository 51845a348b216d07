import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { createSql, type Sql, type Tx } from '../db';
import { ApiError, errorBody } from '../errors';
import type { AuthEnv } from '../auth/require-user';
import { idempotent } from './idempotent';
import { idempotentTransaction } from './idempotent-transaction';
import { deleteExpiredKeys } from './key-store';
import { migrateIdempotencyKeys } from './migrations';

/**
 * A small service whose POST /transfer moves "money" in `idempotentTransaction`: it writes a
 * ledger row and returns the new balance. The user comes from an `x-user` header (requireUser is
 * tested on its own).
 */
const schema = `idem_${Date.now()}`;
let sql: Sql;
let gate: Promise<void> | null = null;
let failures = 0;
let failAfterCommit: 'crash' | 'refuse' | null = null;
const roomy = { burst: 10_000, perSecond: 10_000 };

const buildApp = (options: { waitMs?: number; required?: boolean; pool?: Sql; rateLimit?: { burst: number; perSecond: number } } = {}) => {
  const app = new Hono<AuthEnv>();
  app.onError((err, c) =>
    err instanceof ApiError ? c.json(errorBody(err.code, err.message), err.status) : c.json(errorBody('internal_error', 'Something went wrong.'), 500),
  );
  app.use(async (c, next) => {
    c.set('user', { id: c.req.header('x-user') ?? 'nobody', email: 'x@example.com', sessionId: 's' });
    await next();
  });
  const move = async (tx: Tx, userId: string, cents: number) => {
    if (gate) await gate;
    if (failures > 0) {
      failures--;
      throw new Error('the database went away');
    }
    if (cents <= 0) throw new ApiError(400, 'invalid_amount', 'Amount must be positive');
    const [row] = await tx<{ id: string }[]>`insert into ledger (user_id, cents) values (${userId}, ${cents}) returning id`;
    const [sum] = await tx<{ balance: number }[]>`select sum(cents)::int as balance from ledger where user_id = ${userId}`;
    if (failAfterCommit === 'refuse') throw new ApiError(409, 'changed_meanwhile', 'Try again');
    return { id: row?.id, balance: sum?.balance };
  };
  const { pool = sql, rateLimit = roomy, ...rest } = options;
  const idem = idempotent({ sql: pool, rateLimit, ...rest });
  const transfer = (c: Context<AuthEnv>) => idempotentTransaction(c, async (tx) => move(tx, c.var.user.id, (await c.req.json<{ cents: number }>()).cents), 201);
  app.post('/transfer', idem, transfer);
  app.post('/other', idem, transfer);
  // The request fails after its transaction committed: a retry replays the kept answer.
  app.post('/transfer-then-crash', idem, async (c) => {
    const res = await transfer(c);
    if (failAfterCommit === 'crash') throw new Error('process died after the commit');
    return res;
  });
  return app;
};

const post = (app: Hono<AuthEnv>, body: unknown, { key, user = 'alice', path = '/transfer' }: { key?: string; user?: string; path?: string } = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });

const effects = async (user: string) => (await sql<{ n: number }[]>`select count(*)::int as n from ledger where user_id = ${user}`)[0]?.n;
const freshUser = () => `user-${randomUUID()}`;

describe('idempotent', () => {
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 10, schema });
    await migrateIdempotencyKeys(sql, schema);
    await sql`create table ledger (id uuid primary key default gen_random_uuid(), user_id text not null, cents int not null)`;
  });
  afterAll(() => sql.end());

  it('replays the first answer for the same key and body, with one effect', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    const first = await post(app, { cents: 500 }, { key, user });
    const second = await post(app, { cents: 500 }, { key, user });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    const body = await first.json();
    expect(await second.json()).toEqual(body);
    expect(body).toMatchObject({ balance: 500 });
    expect(await effects(user)).toBe(1);
  });

  it('runs once when repeats arrive at the same time, on two replicas, and gives each the same answer', async () => {
    const replica = createSql(inject('databaseUrl'), { max: 4, schema });
    const apps = [buildApp(), buildApp({ pool: replica })];
    const user = freshUser();
    const key = randomUUID();
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    const pending = Promise.all(Array.from({ length: 5 }, (_, i) => post(apps[i % 2]!, { cents: 700 }, { key, user })));
    setTimeout(() => open(), 150);
    const answers = await pending;
    gate = null;
    await replica.end();
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await effects(user)).toBe(1);
  });

  it('runs once in a free-for-all of twenty repeats on two replicas', async () => {
    const replica = createSql(inject('databaseUrl'), { max: 4, schema });
    const apps = [buildApp(), buildApp({ pool: replica })];
    const user = freshUser();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(apps[i % 2]!, { cents: 5 }, { key, user })));
    await replica.end();
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(bodies).size).toBe(1);
    expect(await effects(user)).toBe(1);
  });

  it('refuses the key with another body or another route (422), with no effect', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    expect((await post(app, { cents: 100 }, { key, user })).status).toBe(201);
    const otherBody = await post(app, { cents: 101 }, { key, user });
    expect(otherBody.status).toBe(422);
    expect(await otherBody.json()).toEqual({ error: { code: 'idempotency_key_reused', message: expect.any(String) } });
    const otherRoute = await post(app, { cents: 100 }, { key, user, path: '/other' });
    expect(otherRoute.status).toBe(422);
    expect(await effects(user)).toBe(1);
  });

  it('keeps keys per user: another user with the same key runs', async () => {
    const app = buildApp();
    const [ada, bob] = [freshUser(), freshUser()];
    const key = randomUUID();
    const a = await post(app, { cents: 300 }, { key, user: ada });
    const b = await post(app, { cents: 300 }, { key, user: bob });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect([await effects(ada), await effects(bob)]).toEqual([1, 1]);
  });

  it('releases the key after a 500, so the retry runs', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    failures = 1;
    expect((await post(app, { cents: 250 }, { key, user })).status).toBe(500);
    expect(await effects(user)).toBe(0);
    const retry = await post(app, { cents: 250 }, { key, user });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await effects(user)).toBe(1);
  });

  it("replays an answer kept in the effect's transaction even when the request then failed", async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    failAfterCommit = 'crash';
    const first = await post(app, { cents: 75 }, { key, user, path: '/transfer-then-crash' });
    failAfterCommit = null;
    expect(first.status).toBe(500);
    const retry = await post(app, { cents: 75 }, { key, user, path: '/transfer-then-crash' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toMatchObject({ balance: 75 });
    expect(await effects(user)).toBe(1);

    // Without a key there is nothing to keep: each request runs.
    expect((await post(app, { cents: 76 }, { user, path: '/transfer-then-crash' })).status).toBe(201);
    expect((await post(app, { cents: 76 }, { user, path: '/transfer-then-crash' })).status).toBe(201);
    expect(await effects(user)).toBe(3);
  });

  it('keeps no claim when the effect fails: the claim, the effect and the answer commit together or not at all', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    failures = 1;
    expect((await post(app, { cents: 30 }, { key, user })).status).toBe(500);
    expect(await sql`select 1 from idempotency_keys where user_id = ${user}`).toHaveLength(0);
    expect(await effects(user)).toBe(0);
  });

  it('keeps the client error when the transaction that kept an answer rolled back', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    failAfterCommit = 'refuse';
    const first = await post(app, { cents: 80 }, { key, user });
    failAfterCommit = null;
    expect(first.status).toBe(409);
    expect(await effects(user)).toBe(0);
    const retry = await post(app, { cents: 80 }, { key, user });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual({ error: { code: 'changed_meanwhile', message: 'Try again' } });
    expect(await effects(user)).toBe(0);
  });

  it('keeps a client error (a thrown 4xx) and replays it without running again', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    const first = await post(app, { cents: 0 }, { key, user });
    expect(first.status).toBe(400);
    failures = 1; // would answer 500 if the handler ran again
    const second = await post(app, { cents: 0 }, { key, user });
    failures = 0;
    expect(second.status).toBe(400);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual({ error: { code: 'invalid_amount', message: 'Amount must be positive' } });
  });

  it('treats a key older than 24 hours as new, and deletes expired keys', async () => {
    const app = buildApp();
    const user = freshUser();
    const key = randomUUID();
    expect((await post(app, { cents: 50 }, { key, user })).status).toBe(201);
    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${user} and key = ${key}`;
    const again = await post(app, { cents: 60 }, { key, user });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await effects(user)).toBe(2);

    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${user} and key = ${key}`;
    expect(await deleteExpiredKeys(sql)).toBeGreaterThanOrEqual(1);
    expect(await sql`select 1 from idempotency_keys where user_id = ${user}`).toHaveLength(0);
  });

  it('runs every request that has no key; a route may require one', async () => {
    const user = freshUser();
    expect((await post(buildApp(), { cents: 10 }, { user })).status).toBe(201);
    expect((await post(buildApp(), { cents: 10 }, { user })).status).toBe(201);
    expect(await effects(user)).toBe(2);
    const refused = await post(buildApp({ required: true }), { cents: 10 }, { user });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_missing');
    expect(await effects(user)).toBe(2);
  });

  it("refuses an empty key or one over 255 characters with 400, and accepts the draft's quoted form", async () => {
    const app = buildApp();
    const user = freshUser();
    for (const key of ['', '   ', 'k'.repeat(256)]) {
      const res = await post(app, { cents: 10 }, { key, user });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_invalid');
    }
    expect(await effects(user)).toBe(0);
    const key = randomUUID();
    expect((await post(app, { cents: 10 }, { key: `"${key}"`, user })).status).toBe(201);
    expect((await post(app, { cents: 10 }, { key, user })).headers.get('idempotent-replayed')).toBe('true');
    expect((await post(app, { cents: 10 }, { key: 'k'.repeat(255), user })).status).toBe(201);
    expect(await effects(user)).toBe(2);
  });

  it('answers 409 idempotency_key_in_use when the first request outlasts the wait, then replays it', async () => {
    const app = buildApp({ waitMs: 100 });
    const user = freshUser();
    const key = randomUUID();
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    const first = post(app, { cents: 900 }, { key, user });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const busy = await post(app, { cents: 900 }, { key, user });
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_in_use');
    open();
    gate = null;
    expect((await first).status).toBe(201);
    const later = await post(app, { cents: 900 }, { key, user });
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await effects(user)).toBe(1);
  });

  it('takes over a claim without an answer left by the earlier kit (claimed outside the transaction, its process gone)', async () => {
    const app = buildApp({ waitMs: 50 });
    const user = freshUser();
    const key = randomUUID();
    const { requestFingerprint } = await import('./request-key');
    const fingerprint = requestFingerprint('POST', '/transfer', new TextEncoder().encode(JSON.stringify({ cents: 40 })));
    await sql`insert into idempotency_keys (user_id, key, fingerprint, claim) values (${user}, ${key}, ${fingerprint}, ${randomUUID()})`;
    expect((await post(app, { cents: 40 }, { key, user })).status).toBe(201);
    expect((await post(app, { cents: 40 }, { key, user })).headers.get('idempotent-replayed')).toBe('true');
    expect(await effects(user)).toBe(1);
  });
});
