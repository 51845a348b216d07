import { describe, expect, it } from 'vitest';
import { bountiesTestContext } from './testing/harness';

const ctx = bountiesTestContext();

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, unknown>; security?: unknown[] };

describe('the OpenAPI document: bounties, completions and reviews', () => {
  it('lists every route behind the bearer token, the writes with the Idempotency-Key header and their refusals', async () => {
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
