import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { createSql, type Sql } from '../db';
import type { AuthEnv } from '../auth/require-user';
import { readWriteRateLimit } from '../env';
import { idempotent } from '../idempotency/idempotent';
import { idempotentTransaction } from '../idempotency/idempotent-transaction';
import { migrateIdempotencyKeys } from '../idempotency/migrations';

// Two copies of one service: two pools on one schema, each with its own app.
const schema = `write_rate_${Date.now()}`;
let pools: Sql[] = [];
const limit = { burst: 20, perSecond: 10 };

const buildApp = (sql: Sql) =>
  new Hono<AuthEnv>()
    .use(async (c, next) => {
      c.set('user', { id: c.req.header('x-user') ?? 'nobody', email: 'x@example.com', sessionId: 's' });
      await next();
    })
    .post('/write', idempotent({ sql, rateLimit: limit }), (c) =>
      idempotentTransaction(
        c,
        async (tx) => {
          await tx`insert into writes (user_id) values (${c.var.user.id})`;
          return { ok: true };
        },
        201,
      ),
    );

const write = (app: ReturnType<typeof buildApp>, user: string) =>
  app.request('/write', { method: 'POST', headers: { 'x-user': user, 'idempotency-key': randomUUID(), 'content-type': 'application/json' }, body: '{}' });

const written = async (user: string) => (await pools[0]!<{ n: number }[]>`select count(*)::int as n from writes where user_id = ${user}`)[0]?.n;

describe('the per-user write limit', () => {
  beforeAll(async () => {
    pools = [createSql(inject('databaseUrl'), { max: 10, schema }), createSql(inject('databaseUrl'), { max: 10, schema })];
    await migrateIdempotencyKeys(pools[0]!, schema);
    await pools[0]!`create table writes (user_id text not null)`;
  });
  afterAll(() => Promise.all(pools.map((p) => p.end())));

  it('defaults to a bucket of 20 refilled at 10 a second, configurable through the environment', () => {
    expect(readWriteRateLimit({})).toEqual({ burst: 20, perSecond: 10 });
    expect(readWriteRateLimit({ WRITE_RATE_LIMIT_BURST: '500', WRITE_RATE_LIMIT_PER_SECOND: '250' })).toEqual({ burst: 500, perSecond: 250 });
  });

  it('refuses a burst of 30 after about 20 with 429 and Retry-After, across two copies of the service; others write; a second later the user writes again', async () => {
    const apps = pools.map(buildApp);
    const [ada, bob] = [`ada-${randomUUID()}`, `bob-${randomUUID()}`];
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => write(apps[i % 2]!, ada)));
    // At once, before the slower checks below: the bucket gains a token every 100 ms.
    const again = await write(apps[0]!, ada);
    const againMs = Date.now() - started;
    const ok = answers.filter((r) => r.status === 201);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok.length + limited.length).toBe(30);
    // 20 at once, plus what refilled while the burst ran (10 a second; the machine may be slow).
    const refilled = Math.ceil(((Date.now() - started) / 1000) * limit.perSecond);
    expect(ok.length).toBeGreaterThanOrEqual(20);
    expect(ok.length).toBeLessThanOrEqual(20 + refilled);
    expect(limited.length).toBeGreaterThan(0);
    // The write right after the burst is refused, unless a token had refilled by then (a slow machine).
    const againWrote = again.status === 201;
    if (againWrote) expect(againMs).toBeGreaterThanOrEqual(1000 / limit.perSecond);
    else expect(again.status).toBe(429);
    expect(await written(ada)).toBe(ok.length + (againWrote ? 1 : 0));
    for (const res of limited) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    }

    expect((await write(apps[1]!, bob)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await write(apps[0]!, ada)).status).toBe(201);
    expect((await write(apps[1]!, ada)).status).toBe(201);
  });
});
