import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { randomUUID } from 'node:crypto';
import { createSql, type Sql } from '../db';
import type { AuthEnv } from '../auth/require-user';
import { idempotent } from './idempotent';
import { migrateIdempotencyKeys } from './migrations';
import { idempotencyOpenApi } from './openapi';

// The way a domain declares a money route: zod-openapi route, requireUser then idempotent.
const schema = `idem_openapi_${Date.now()}`;
let sql: Sql;
let runs = 0;

const asUser = createMiddleware<AuthEnv>(async (c, next) => {
  c.set('user', { id: c.req.header('x-user') ?? 'nobody', email: 'x@example.com', sessionId: 's' });
  await next();
});

const stakeRoute = (pool: Sql) =>
  createRoute({
    method: 'post',
    path: '/stake',
    middleware: [asUser, idempotent({ sql: pool })] as const,
    request: {
      headers: idempotencyOpenApi.headers,
      body: { content: { 'application/json': { schema: z.object({ points: z.number().int().positive() }) } } },
    },
    responses: {
      201: { description: 'Staked', content: { 'application/json': { schema: z.object({ staked: z.number(), run: z.number() }) } } },
      ...idempotencyOpenApi.responses,
    },
  });

const buildApp = () => {
  const app = new OpenAPIHono<AuthEnv>();
  app.openapi(stakeRoute(sql), (c) => c.json({ staked: c.req.valid('json').points, run: ++runs }, 201));
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

  it('documents the header and the 409/422 answers', async () => {
    const doc = (await (await buildApp().request('/openapi.json')).json()) as {
      paths: Record<string, { post: { parameters: { name: string; in: string }[]; responses: Record<string, unknown> } }>;
    };
    const post = doc.paths['/stake']?.post;
    expect(post?.parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '409', '422']));
  });
});
