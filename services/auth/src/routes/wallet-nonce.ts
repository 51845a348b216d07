import { createRoute } from '@hono/zod-openapi';
import { walletChallengeSchema, walletNonceBodySchema } from '@starforge/contracts/auth';
import { createRouter, decodeSolanaAddress, errorResponse } from '@starforge/service-kit';
import { assertWithinRateLimit } from '../domain/rate-limit';
import { invalidWalletAddress } from '../domain/errors';
import { challengeSite, issueWalletChallenge } from '../domain/wallet-nonces';
import type { AuthDeps } from '../deps';

const walletNonceRoute = createRoute({
  method: 'post',
  path: '/wallet/nonce',
  tags: ['wallet'],
  summary: 'A single-use Sign-In With Solana challenge for one purpose (sign-in or link), for the configured site, valid 5 minutes',
  request: { body: { required: true, content: { 'application/json': { schema: walletNonceBodySchema } } } },
  responses: {
    200: { description: 'The challenge and the exact message to sign', content: { 'application/json': { schema: walletChallengeSchema } } },
    400: errorResponse('Invalid Solana address'),
    429: errorResponse('over_request_rate_limit'),
  },
});

export const walletNonceRoutes = (deps: AuthDeps) =>
  createRouter().openapi(walletNonceRoute, async (c) => {
    const { address, purpose } = c.req.valid('json');
    const { noncesPerIp, windowSeconds } = deps.config.rateLimit;
    await assertWithinRateLimit(deps.sql, [{ key: `wallet_nonce:ip:${c.var.clientIp}`, limit: noncesPerIp, windowSeconds }]);
    if (!decodeSolanaAddress(address)) throw invalidWalletAddress();
    return c.json(await issueWalletChallenge(deps.sql, challengeSite(deps.config), address, purpose), 200);
  });
