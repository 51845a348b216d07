import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@starforge/contracts/shared';
import { createMiddleware } from 'hono/factory';
import { randomUUID } from 'node:crypto';
import { createSql, type Sql } from '../db';
import type { AuthEnv } from '../auth/require-user';
import { idempotent } from './idempotent';
import { migrateIdempotencyKeys } from './migrations';
import { idempotencyOpenApi } from './openapi';
import { idempotentRoute } from './idempotent-route';
import { idempotentTransaction } from './idempotent-transaction';
import { jsonResponse } from '../openapi-docs';

// The way a domain declares a money route: the kit's idempotentRoute (requireUser then idempotent).
const schema = `idem_openapi_${Date.now()}`;
let sql: Sql;
let runs = 0;

const asUser = createMiddleware<AuthEnv>(async (c, next) => {
  c.set('user', { id: c.req.header('x-user') ?? 'nobody', email: 'x@example.com', sessionId: 's' });
  await next();
});

const stakeRoute = (pool: Sql) =>
  idempotentRoute(
    { requireUser: asUser, idempotent: idempotent({ sql: pool, rateLimit: { burst: 100, perSecond: 100 } }) },
    {
      method: 'post',
      path: '/stake',
      request: { body: { content: { 'application/json': { schema: z.object({ points: z.number().int().positive() }) } } } },
      responses: { 201: jsonResponse('Staked', z.object({ staked: z.number(), run: z.number() })) },
    },
  );

const buildApp = () => {
  const app = new OpenAPIHono<AuthEnv>();
  app.openapi(stakeRoute(sql), (c) => idempotentTransaction(c, async () => ({ staked: c.req.valid('json').points, run: ++runs }), 201));
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 't', version: '1' } });
  return app;
};

describe('idempotent on a zod-openapi route', () => {
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 4, schema });
    await migrateIdempotencyKeys(sql, schema);
  });
  afterAll(() => sql.end());

  it('leaves the body to the route validator and replays the validated answer', async () => {
    const app = buildApp();
    const key = randomUUID();
    const send = (points: unknown) =>
      app.request('/stake', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-user': 'ada' },
        body: JSON.stringify({ points }),
      });
    const first = await send(40);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toEqual({ staked: 40, run: runs });
    const again = await send(40);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(body);
    expect((await send(41)).status).toBe(422);
    expect(runs).toBe(1);
  });

  it('documents the bearer token, the header and the 401/409/422 answers', async () => {
    const doc = (await (await buildApp().request('/openapi.json')).json()) as {
      paths: Record<string, { post: { security: unknown; parameters: { name: string; in: string }[]; responses: Record<string, unknown> } }>;
    };
    const post = doc.paths['/stake']?.post;
    expect(post?.security).toEqual([{ bearerAuth: [] }]);
    expect(post?.parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '401', '409', '422']));
  });

  it("describes the key's errors with the kit's one error document", () => {
    for (const answer of Object.values(idempotencyOpenApi.responses)) expect(answer.content['application/json'].schema).toBe(apiErrorSchema);
  });
});
