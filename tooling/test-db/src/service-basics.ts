import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceName } from '@starforge/contracts';
import type { ServiceApp, Sql } from '@starforge/service-kit';
import { testSql } from './index';

/** The behaviour every domain service shares: health, readiness, OpenAPI document, error shape. */
export const describeServiceBasics = (domain: ServiceName, migrationsDir: string, createApp: (sql: Sql) => ServiceApp) =>
  describe(`${domain} service basics`, () => {
    let sql: Sql;
    beforeAll(async () => {
      sql = await testSql([{ schema: domain, dir: migrationsDir }], domain);
    });
    afterAll(() => sql.end());

    it('answers health when the database answers', async () => {
      const res = await createApp(sql).request(`/api/${domain}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', domain });
    });

    it('answers ready while it takes requests (a copy that drains answers 503, see runService)', async () => {
      const res = await createApp(sql).request(`/api/${domain}/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', domain });
    });

    it('publishes an OpenAPI 3.1 document generated from its routes', async () => {
      const res = await createApp(sql).request(`/api/${domain}/openapi.json`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toContain(`/api/${domain}/health`);
    });

    it('answers unknown paths with the error shape', async () => {
      const res = await createApp(sql).request(`/api/${domain}/no-such-route`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    });
  });
