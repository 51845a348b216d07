import { describe, expect, it } from 'vitest';
import { marketplaceTestContext } from './testing/harness';

const ctx = marketplaceTestContext();

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, unknown>; security?: unknown[] };

describe('the OpenAPI document', () => {
  it('lists every route, writes with the Idempotency-Key header, all but the sale history behind the bearer token', async () => {
    const res = await ctx.app.app.request('/api/marketplace/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const listing = '/api/marketplace/nfts/{id}/listing';
    const cart = '/api/marketplace/cart';
    const cartLine = '/api/marketplace/cart/{nftId}';
    const checkout = '/api/marketplace/checkout/card';
    const solanaRequests = '/api/marketplace/checkout/solana/requests';
    const solanaCheckout = '/api/marketplace/checkout/solana';
    const sales = '/api/marketplace/nfts/{id}/sales';
    expect(routes).toEqual(
      expect.arrayContaining([
        `GET ${listing}`,
        `POST ${listing}`,
        `DELETE ${listing}`,
        'POST /api/marketplace/created-nfts',
        'GET /api/marketplace/listings',
        `GET ${cart}`,
        `POST ${cart}`,
        `PATCH ${cartLine}`,
        `DELETE ${cartLine}`,
        `POST ${checkout}`,
        `POST ${solanaRequests}`,
        `POST ${solanaCheckout}`,
        `GET ${sales}`,
      ]),
    );
    expect(doc.paths[cart]?.get?.security).toBeTruthy();
    const search = doc.paths['/api/marketplace/listings']?.get;
    expect(search?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['query q', 'query page']));
    expect(search?.security).toBeTruthy();
    for (const [path, method] of [
      [listing, 'post'],
      [listing, 'delete'],
      ['/api/marketplace/created-nfts', 'post'],
      [cart, 'post'],
      [cartLine, 'patch'],
      [cartLine, 'delete'],
      [checkout, 'post'],
      [solanaRequests, 'post'],
      [solanaCheckout, 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(
        op?.parameters?.map((p) => p.name),
        `${method} ${path}`,
      ).toContain('idempotency-key');
      expect(Object.keys(op?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '401', '409', '422']));
    }
    for (const method of ['get', 'post', 'delete'] as const) {
      const op = doc.paths[listing]?.[method];
      expect(op?.parameters?.find((p) => p.name === 'id')?.in, method).toBe('path');
      expect(Object.keys(op?.responses ?? {}), method).toEqual(expect.arrayContaining(['400', '401', '404']));
      expect(op?.security, method).toBeTruthy();
    }
    expect(Object.keys(doc.paths[solanaCheckout]?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '404', '410']));
    const history = doc.paths[sales]?.get;
    expect(history?.parameters?.find((p) => p.name === 'id')?.in).toBe('path');
    expect(Object.keys(history?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(history?.security).toBeUndefined();
  });
});
