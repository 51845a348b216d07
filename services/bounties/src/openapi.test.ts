import { describe, expect, it } from 'vitest';
import { bountiesTestContext } from './testing/harness';

const ctx = bountiesTestContext();

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, unknown>; security?: unknown[] };

describe('the OpenAPI document', () => {
  it('lists the plans and projects routes, all behind the bearer token, the writes with the Idempotency-Key header', async () => {
    const res = await ctx.app.app.request('/api/bounties/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const base = '/api/bounties';
    const reads = [`${base}/subscription`, `${base}/projects`, `${base}/projects/mine/active`];
    const writes = [
      `${base}/subscription/upgrade/card`,
      `${base}/subscription/upgrade/solana/requests`,
      `${base}/subscription/upgrade/solana`,
      `${base}/subscription/downgrade`,
      `${base}/projects`,
    ];
    expect(routes).toEqual(expect.arrayContaining([...reads.map((p) => `GET ${p}`), ...writes.map((p) => `POST ${p}`)]));
    for (const path of reads) {
      const op = doc.paths[path]?.get;
      expect(op?.security, path).toBeTruthy();
      expect(Object.keys(op?.responses ?? {}), path).toEqual(expect.arrayContaining(['200', '401']));
    }
    expect(doc.paths[`${base}/projects`]?.get?.parameters?.map((p) => `${p.in} ${p.name}`)).toContain('query page');
    for (const path of writes) {
      const op = doc.paths[path]?.post;
      expect(op?.security, path).toBeTruthy();
      expect(
        op?.parameters?.map((p) => p.name),
        path,
      ).toContain('idempotency-key');
      expect(Object.keys(op?.responses ?? {}), path).toEqual(expect.arrayContaining(['401', '409', '422']));
    }
    expect(Object.keys(doc.paths[`${base}/subscription/upgrade/card`]?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400']));
    expect(Object.keys(doc.paths[`${base}/subscription/upgrade/solana`]?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '404', '410']));
    expect(Object.keys(doc.paths[`${base}/subscription/downgrade`]?.post?.responses ?? {})).toContain('200');
    expect(Object.keys(doc.paths[`${base}/projects`]?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400']));
  });
});
