import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, createServiceApp } from './create-app';
import { createSql, type Sql } from './db';
import { jsonResponse } from './openapi-docs';

const http = { publicOrigin: 'http://localhost:3000', trustedProxies: new Set<string>() };

describe('GET /api/<domain>/openapi.json', () => {
  let sql: Sql;
  beforeAll(() => {
    sql = createSql(inject('databaseUrl'), { max: 1 });
  });
  afterAll(() => sql.end());

  it('is generated once, on the first request, and then served as the same bytes; it lists every route', async () => {
    const app = createServiceApp('rewards', sql, { http });
    const generate = vi.spyOn(app, 'getOpenAPI31Document');
    // Routes mounted after the app was built, as every service does.
    const thing = createRoute({
      method: 'get',
      path: '/things/{id}',
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: jsonResponse('A thing', z.object({ id: z.string() })) },
    });
    app.route(
      '/',
      createRouter().openapi(thing, (c) => c.json({ id: c.req.valid('param').id }, 200)),
    );

    const first = await app.request('/api/rewards/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await first.text();
    const doc = JSON.parse(text) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/rewards/health', '/api/rewards/things/{id}']));

    const again = await Promise.all(Array.from({ length: 20 }, () => Promise.resolve(app.request('/api/rewards/openapi.json')).then((r) => r.text())));
    expect(new Set(again)).toEqual(new Set([text]));
    expect(generate).toHaveBeenCalledTimes(1);
  });
});
