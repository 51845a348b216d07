import { describe, expect, it } from 'vitest';
import { rewardsTestContext } from './testing/harness';

const ctx = rewardsTestContext();

describe('the OpenAPI document', () => {
  it('lists every route of the contract, money routes with the Idempotency-Key header and their 422', async () => {
    const res = await ctx.app.app.request('/api/rewards/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining(
        [
          'GET /summary',
          'GET /tiers',
          'GET /transactions',
          'GET /achievements',
          'GET /test-runs',
          'POST /test-runs',
          'GET /test-runs/{id}/gas',
          'POST /convert',
          'POST /tokens/stake',
          'POST /tokens/unstake',
          'POST /withdrawals',
          'GET /withdrawals',
        ].map((r) => r.replace(' /', ' /api/rewards/')),
      ),
    );
    for (const path of ['/convert', '/tokens/stake', '/tokens/unstake', '/withdrawals']) {
      const post = doc.paths[`/api/rewards${path}`]?.post;
      expect(
        post?.parameters?.map((p) => p.name),
        path,
      ).toContain('idempotency-key');
      expect(Object.keys(post?.responses ?? {}), path).toEqual(expect.arrayContaining(['400', '401', '409', '422']));
    }
  });
});
