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

  it('lists the bounty, completion and review routes, all behind the bearer token, the writes with the Idempotency-Key header and their refusals', async () => {
    const res = await ctx.app.app.request('/api/bounties/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const base = '/api/bounties/bounties';
    const one = `${base}/{id}`;
    const reads: [string, 'get'][] = [
      [base, 'get'],
      [`${base}/open`, 'get'],
      [one, 'get'],
      [`${one}/completion`, 'get'],
      [`${one}/review`, 'get'],
    ];
    const writes: [string, 'post' | 'put', string[]][] = [
      [base, 'post', ['201', '400', '403', '409', '422']],
      [`${one}/claim`, 'post', ['200', '400', '404', '409']],
      [`${one}/close`, 'post', ['200', '403', '404', '409']],
      [`${one}/completion`, 'put', ['200', '400', '403', '404', '409']],
      [`${one}/review`, 'post', ['200', '400', '403', '404', '409']],
    ];
    expect(routes).toEqual(expect.arrayContaining([...reads, ...writes].map(([path, method]) => `${method.toUpperCase()} ${path}`)));
    for (const [path, method] of reads) {
      const op = doc.paths[path]?.[method];
      expect(op?.security, path).toBeTruthy();
      expect(Object.keys(op?.responses ?? {}), path).toEqual(expect.arrayContaining(['200', '401']));
    }
    expect(doc.paths[`${base}/open`]?.get?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['query q', 'query page']));
    expect(doc.paths[base]?.get?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['query project', 'query page']));
    for (const [path, method, statuses] of writes) {
      const op = doc.paths[path]?.[method];
      expect(
        op?.parameters?.map((p) => p.name),
        `${method} ${path}`,
      ).toContain('idempotency-key');
      expect(op?.security, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(op?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining([...statuses, '401', '429']));
    }
  });
});
