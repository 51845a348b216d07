import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@starforge/service-kit';
import type { AuthDeps } from '../deps';

const jwkSchema = z.object({
  kty: z.string(),
  crv: z.string().optional(),
  x: z.string().optional(),
  kid: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
});

const jwksRoute = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  tags: ['keys'],
  summary: 'The public keys that verify access tokens (EdDSA, Ed25519)',
  responses: {
    200: { description: 'A JSON Web Key Set', content: { 'application/json': { schema: z.object({ keys: z.array(jwkSchema) }) } } },
  },
});

export const jwksRoutes = (deps: AuthDeps) =>
  createRouter().openapi(jwksRoute, async (c) => {
    const { jwks } = await deps.keys();
    // Verifiers cache it; a new key is picked up when a token names an unknown kid.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys: jwks.keys.map((k) => ({ kty: k.kty ?? 'OKP', crv: k.crv, x: k.x, kid: k.kid, alg: k.alg, use: k.use })) }, 200);
  });
