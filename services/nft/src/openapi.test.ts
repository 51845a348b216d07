import { describe, expect, it } from 'vitest';
import { nftTestContext } from './testing/harness';

const ctx = nftTestContext();

type Operation = { parameters?: { name: string }[]; security?: unknown[]; requestBody?: { content: object }; responses: Record<string, unknown> };

describe('the OpenAPI document', () => {
  it('lists every route: the upload as raw image bytes, the public image read, the mint with its Idempotency-Key', async () => {
    const res = await ctx.app.app.request('/api/nft/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining(['POST /images', 'GET /images/{key}', 'POST /mints', 'GET /nfts', 'GET /nfts/{id}'].map((r) => r.replace(' /', ' /api/nft/'))),
    );
    const uploadRoute = doc.paths['/api/nft/images']?.post;
    expect(Object.keys(uploadRoute?.requestBody?.content ?? {})).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(Object.keys(uploadRoute?.responses ?? {})).toEqual(expect.arrayContaining(['201', '401', '413', '415']));
    const image = doc.paths['/api/nft/images/{key}']?.get;
    expect(image?.security).toBeUndefined();
    expect(Object.keys(image?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']));
    const mint = doc.paths['/api/nft/mints']?.post;
    expect(mint?.parameters?.map((p) => p.name)).toContain('idempotency-key');
    expect(Object.keys(mint?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '409', '422', '429']));
    for (const path of ['/api/nft/nfts', '/api/nft/nfts/{id}']) expect(Object.keys(doc.paths[path]?.get?.responses ?? {}), path).toContain('401');
  });
});
