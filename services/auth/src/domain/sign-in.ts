import { transaction, type Db } from '@starforge/service-kit';
import type { PasswordGrantBody, WalletProofBody } from '@starforge/contracts/auth';
import type { AuthConfig } from '../config/env';
import { emailNotConfirmed, invalidCredentials, walletProofInvalid } from './errors';
import { checkPassword } from './passwords';
import type { TrustedDevice } from './device-tokens';
import { assertWithinRateLimit, perAccount, perDevice, perIp } from './rate-limit';
import { startSession, type ClientInfo } from './sessions';
import { findPasswordAccount } from './users';
import { findOrCreateWalletUser } from './wallet-accounts';
import { challengeSite, consumeWalletChallenge } from './wallet-nonces';
import { assertWalletSignature } from './wallet-proof';

/** A session just opened: whose, which, and its first refresh token (for the cookie). */
export interface OpenedSession {
  userId: string;
  sessionId: string;
  refreshToken: string;
}

/**
 * E-mail and password. An unknown e-mail and a wrong password get the same answer in about the
 * same time. The attempt counts against the client's address, and against the account, unless
 * the browser proves (`device`, its verified device cookie) that it has signed in to this very
 * account before: then it counts against that device alone, so a guesser who has filled the
 * account's ceiling does not keep the owner out.
 */
export const signInWithPassword = async (
  db: Db,
  config: AuthConfig,
  input: PasswordGrantBody,
  client: ClientInfo,
  device: TrustedDevice | null,
): Promise<OpenedSession> => {
  const account = await findPasswordAccount(db, input.email);
  const knownDevice = device && account && device.userId === account.id ? device : null;
  await assertWithinRateLimit(db, [
    perIp(config.rateLimit, 'sign_in', client.ip),
    ...(knownDevice ? [perDevice(config.rateLimit, 'sign_in', knownDevice.deviceId)] : perAccount(config.rateLimit, 'sign_in', input.email, client.ip)),
  ]);
  const matches = await checkPassword(account?.passwordHash ?? null, input.password);
  if (!account || !matches) throw invalidCredentials();
  if (!account.emailConfirmedAt) throw emailNotConfirmed();
  return { userId: account.id, ...(await startSession(db, account.id, client)) };
};

const walletFailure = 'Failed to sign in with wallet';

/**
 * A signed challenge. The attempt counts against the client's address first; the signature
 * is checked before it counts against the wallet, so forged attempts (no key needed) cannot
 * shut the owner out. Then the challenge is spent, the account found or made and the session
 * opened in one transaction, so a failure leaves nothing behind.
 */
export const signInWithWallet = async (db: Db, config: AuthConfig, proof: WalletProofBody, client: ClientInfo): Promise<OpenedSession> => {
  await assertWithinRateLimit(db, [perIp(config.rateLimit, 'sign_in', client.ip)]);
  assertWalletSignature(proof, walletFailure);
  await assertWithinRateLimit(db, perAccount(config.rateLimit, 'sign_in', proof.address, client.ip));
  return transaction(db, async (tx) => {
    const challenge = { ...proof, domain: challengeSite(config).domain, purpose: 'sign_in' as const };
    if (!(await consumeWalletChallenge(tx, challenge))) throw walletProofInvalid(walletFailure);
    const userId = await findOrCreateWalletUser(tx, proof.address);
    return { userId, ...(await startSession(tx, userId, client)) };
  });
};
