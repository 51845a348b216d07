import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createRoute, z } from '@hono/zod-openapi';
import { apiIssue } from '@starforge/contracts/shared';
import { createSql, type Sql } from './db';
import { createRouter, createServiceApp } from './create-app';
import { tooManyRequests } from './errors';
import { missingBodyMessage } from './validation';
import type { SqlStateMap } from './postgres-errors';
import { readBody } from './http/read-body';
import { serveApp } from './http/serve-app';

describe('createServiceApp error handling', () => {
  let sql: Sql;
  const table = `kit_errors_${Date.now()}`;
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 4 });
    await sql`create table ${sql(table)} (id int primary key, n int check (n >= 0))`;
    await sql`create function ${sql(`${table}_raise`)}(state text) returns void language plpgsql as $$ begin raise exception 'raised' using errcode = state; end $$`;
  });
  afterAll(async () => {
    await sql`drop table ${sql(table)}`;
    await sql`drop function ${sql(`${table}_raise`)}`;
    await sql.end();
  });

  const bodySchema = z.object({
    name: z.string().min(1, 'Name is required'),
    pin: z.string().refine((v) => v.length === 4, { message: 'Pin must have 4 digits', params: apiIssue('weak_pin', 422) }),
  });
  const route = createRoute({
    method: 'post',
    path: '/things',
    request: { body: { required: true, content: { 'application/json': { schema: bodySchema } } } },
    responses: { 200: { description: 'ok' } },
  });

  const optionalRoute = createRoute({
    method: 'put',
    path: '/optional',
    request: { body: { required: true, content: { 'application/json': { schema: z.object({ note: z.string().optional() }) } } } },
    responses: { 200: { description: 'ok' } },
  });

  const app = () => {
    const service = createServiceApp('rewards', sql, { http: { publicOrigin: 'http://localhost:3000', trustedProxies: new Set() } });
    const router = createRouter()
      .openapi(route, (c) => c.json(c.req.valid('json'), 200))
      .openapi(optionalRoute, (c) => c.json(c.req.valid('json'), 200))
      .post('/read', async (c) => c.json(await readBody(c, bodySchema)))
      .post('/insert/:id', async (c) => {
        await sql`insert into ${sql(table)} (id, n) values (${c.req.param('id')}, ${Number(c.req.query('n') ?? 0)})`;
        return c.json({ ok: true });
      })
      .get('/limited', () => {
        throw tooManyRequests('Slow down', 12);
      })
      .get('/boom', () => {
        throw new Error('secret internals');
      });
    service.route('/', router);
    return service;
  };
  const post = (path: string, body: unknown) =>
    app().request(`/api/rewards${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = async (res: Response | Promise<Response>) => {
    const r = await res;
    return { status: r.status, ...((await r.json()) as { error: { code: string; message: string } }).error };
  };

  it('answers a zod failure as 400 validation_failed with the first message', async () => {
    expect(await answer(post('/things', { name: '', pin: '1234' }))).toEqual({ status: 400, code: 'validation_failed', message: 'Name is required' });
  });

  it('answers with the code and status a schema names for its issue, in routes and in readBody alike', async () => {
    const weak = { status: 422, code: 'weak_pin', message: 'Pin must have 4 digits' };
    expect(await answer(post('/things', { name: 'a', pin: '1' }))).toEqual(weak);
    expect(await answer(post('/read', { name: 'a', pin: '1' }))).toEqual(weak);
    expect((await post('/things', { name: 'a', pin: '1234' })).status).toBe(200);
  });

  it('maps PostgreSQL errors a request can cause to 4xx, never 500', async () => {
    expect((await post('/insert/1', {})).status).toBe(200);
    expect(await answer(post('/insert/1', {}))).toEqual({ status: 409, code: 'already_exists', message: 'This already exists.' });
    expect(await answer(post('/insert/x', {}))).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await answer(post('/insert/2?n=-1', {}))).toMatchObject({ status: 409, code: 'conflict' });
    expect(await answer(post('/insert/99999999999', {}))).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it("answers a service's own SQLSTATE as it registers it, and an invalid argument (22023) as 400", async () => {
    const raising = (sqlStates?: SqlStateMap) => {
      const service = createServiceApp('rewards', sql, {
        http: { publicOrigin: 'http://localhost:3000', trustedProxies: new Set() },
        ...(sqlStates ? { sqlStates } : {}),
      });
      service.get('/raise/:state', async (c) => {
        await sql`select ${sql(`${table}_raise`)}(${c.req.param('state')})`;
        return c.json({ ok: true });
      });
      return (state: string) => answer(service.request(`/api/rewards/raise/${state}`));
    };
    const registered = raising({ ZZ001: { status: 422, code: 'out_of_stock', message: 'Sold out' } });
    expect(await registered('ZZ001')).toEqual({ status: 422, code: 'out_of_stock', message: 'Sold out' });
    expect(await registered('22023')).toEqual({ status: 400, code: 'validation_failed', message: 'Invalid input.' });
    expect((await raising()('ZZ001')).status).toBe(500);
  });

  it('sends the headers a typed error names, and hides internals behind a 500', async () => {
    const limited = await app().request('/api/rewards/limited');
    expect(limited.headers.get('retry-after')).toBe('12');
    expect(await answer(limited)).toEqual({ status: 429, code: 'rate_limited', message: 'Slow down' });
    const boom = await answer(app().request('/api/rewards/boom'));
    expect(boom).toEqual({ status: 500, code: 'internal_error', message: 'Something went wrong. Please try again.' });
  });

  it('answers a JSON write with no body and no Content-Type, served on Node, as it answers {}, logging nothing', async () => {
    // issue 26, item 9: the kit had read Node's stream, and @hono/zod-openapi's look for a body
    // made @hono/node-server build a web Request over it: a logged 500 on every such write.
    const server = serveApp(app(), { port: 0, hostname: '127.0.0.1' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/rewards/things`;
      const required = { status: 400, code: 'validation_failed', message: 'name is required' };
      expect(await answer(fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))).toEqual(required);
      expect(await answer(fetch(url, { method: 'POST' }))).toEqual(required);
      expect(await answer(fetch(url, { method: 'POST', headers: { origin: 'http://localhost:3000', 'content-length': '0' } }))).toEqual(required);
      // A body of optional fields only: `{}` is a whole request, no body at all is not taken for one.
      const optional = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/rewards/optional`;
      expect((await fetch(optional, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
      expect(await answer(fetch(optional, { method: 'PUT' }))).toEqual({ status: 400, code: 'validation_failed', message: missingBodyMessage });
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
