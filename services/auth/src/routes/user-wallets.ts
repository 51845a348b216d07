import { solanaAddressSchema } from '@starforge/contracts/shared';
import { walletProofBodySchema } from '@starforge/contracts/auth';
import { z } from 'zod';
import { createRouter, errorResponse, protectedRoute, transaction } from '@starforge/service-kit';
import { walletAlreadyLinked, walletProofInvalid } from '../domain/errors';
import { requireLoadedUser } from '../domain/users';
import { linkWallet, unlinkWallet } from '../domain/wallet-accounts';
import { challengeSite, consumeWalletChallenge } from '../domain/wallet-nonces';
import { assertWalletSignature } from '../domain/wallet-proof';
import type { AuthDeps } from '../deps';
import { userResponseSchema } from './wire-schemas';

const failure = 'Failed to link wallet';

export const userWalletRoutes = (deps: AuthDeps) => {
  const linkWalletRoute = protectedRoute(deps.requireUser, {
    method: 'post',
    path: '/user/wallets',
    tags: ['wallet'],
    summary: 'Link a proven wallet (a signed fresh challenge) to the signed-in account',
    request: { body: { required: true, content: { 'application/json': { schema: walletProofBodySchema } } } },
    responses: {
      200: { description: 'The user, its identities now including the wallet', content: { 'application/json': { schema: userResponseSchema } } },
      400: errorResponse('Invalid input or a malformed wallet address'),
      409: errorResponse('wallet_already_linked'),
    },
  });

  const unlinkWalletRoute = protectedRoute(deps.requireUser, {
    method: 'delete',
    path: '/user/wallets/{address}',
    tags: ['wallet'],
    summary:
      "Unlink one of the signed-in account's wallets: it no longer signs in to the account, and the profile's wallet is then the next linked one, or null",
    request: { params: z.object({ address: solanaAddressSchema }) },
    responses: {
      200: { description: 'The user, its identities without the wallet', content: { 'application/json': { schema: userResponseSchema } } },
      400: errorResponse('A malformed wallet address'),
      404: errorResponse('wallet_not_linked: not a wallet of this account'),
      409: errorResponse('wallet_only_sign_in: the account has no password and no other wallet to sign in with'),
    },
  });

  return createRouter()
    .openapi(unlinkWalletRoute, async (c) => {
      const me = c.var.user.id;
      await unlinkWallet(deps.sql, me, c.req.valid('param').address);
      return c.json(await requireLoadedUser(deps.sql, me), 200);
    })
    .openapi(linkWalletRoute, async (c) => {
      const proof = c.req.valid('json');
      const me = c.var.user.id;
      assertWalletSignature(proof, failure);
      await transaction(deps.sql, async (tx) => {
        const challenge = { ...proof, domain: challengeSite(deps.config).domain, purpose: 'link' as const };
        if (!(await consumeWalletChallenge(tx, challenge))) throw walletProofInvalid(failure);
        if ((await linkWallet(tx, me, proof.address)) !== me) throw walletAlreadyLinked();
      });
      return c.json(await requireLoadedUser(deps.sql, me), 200);
    });
};
