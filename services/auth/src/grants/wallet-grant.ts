import type { Context } from 'hono';
import { walletProofBodySchema, type Session } from '@starforge/contracts';
import { startSession } from '../domain/sessions';
import { findOrCreateWalletUser } from '../domain/wallet-accounts';
import { consumeWalletChallenge } from '../domain/wallet-nonces';
import type { AuthDeps } from '../deps';
import { walletProofInvalid } from '../http/auth-errors';
import { clientInfo, requestHost } from '../http/client';
import { guardRateLimit } from '../http/rate-limit-guard';
import { readBody } from '../http/read-body';
import { sessionResponse } from '../http/session-response';
import { assertWalletSignature } from '../http/wallet-signature';

const failure = 'Failed to sign in with wallet';

/**
 * A signed challenge: signature first, then the challenge is spent, the account found or made
 * and the session opened in one transaction, so a failure leaves nothing behind.
 */
export const walletGrant = async (c: Context, deps: AuthDeps): Promise<Session> => {
  const proof = await readBody(c, walletProofBodySchema);
  await guardRateLimit(c, deps, 'sign_in', proof.address);
  assertWalletSignature(proof, failure);
  const opened = await deps.sql.begin(async (tx) => {
    if (!(await consumeWalletChallenge(tx, { ...proof, domain: requestHost(c) }))) throw walletProofInvalid(failure);
    const userId = await findOrCreateWalletUser(tx, proof.address);
    return { userId, ...(await startSession(tx, userId, clientInfo(c))) };
  });
  return sessionResponse(c, deps, opened);
};
