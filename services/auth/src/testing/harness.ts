import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import bs58 from 'bs58';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE, sessionSchema, walletChallengeSchema, type Session, type WalletProofPurpose } from '@starforge/contracts/auth';
import type { Sql } from '@starforge/service-kit';
import { testSql } from '@starforge/test-db';
import { call as kitCall, errorOf, testAppOf, useTestApp, type CallOptions, type CallResult, type TestApp, type TestHandle } from '@starforge/test-db/harness';
import { createApp, type AuthAppOptions } from '../app';
import type { AuthConfig } from '../config/env';

const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Limits high enough that test files sharing the database (and the 'unknown' IP) never meet them. */
export const testConfig = (overrides: Partial<AuthConfig> = {}): AuthConfig => ({
  requireEmailConfirmation: false,
  signingKey: null,
  rateLimit: { windowSeconds: 60, perAccount: 1_000, perIp: 100_000, accountCeiling: 100_000, accountCeilingWindowSeconds: 60, noncesPerIp: 100_000 },
  publicOrigin: 'http://localhost:3000',
  ...overrides,
});

export const authTestSql = (): Promise<Sql> => testSql([{ schema: 'auth', dir: migrationsDir }], 'auth');

export type AuthApp = TestApp<ReturnType<typeof createApp>>;

/** An auth app on the pool, with limits no test file meets (`options` override the config). */
export const testApp = (sql: Sql, options: AuthAppOptions = {}): AuthApp => testAppOf(createApp(sql, { config: testConfig(), ...options }), 'auth');

/**
 * The file's pool (auth migrations applied) and auth app, opened before its tests and closed
 * after them: read `auth.sql` and `auth.app` inside tests.
 */
export const useAuthTestApp = (options?: AuthAppOptions): TestHandle<ReturnType<typeof createApp>> =>
  useTestApp({ domain: 'auth', migrationsDir, createApp: (sql) => createApp(sql, { config: testConfig(), ...options }) });

export const uniqueEmail = (tag = 'user'): string => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

export interface AuthCallOptions extends CallOptions {
  /** The sf_refresh cookie to send. */
  refresh?: string | null;
}

export interface AuthCallResult extends CallResult {
  /** The sf_refresh cookie the answer set: a value, '' when it cleared it, undefined when it left it alone. */
  refresh: string | undefined;
  /** The sf_session hint the answer set: '1', '' when it cleared it, undefined when it left it alone. */
  hint: string | undefined;
}

/** The kit's `call`, with the refresh cookie as its own option and result (and the hint as a result). */
export const call = async (app: TestApp, method: string, path: string, { refresh, ...options }: AuthCallOptions = {}): Promise<AuthCallResult> => {
  const result = await kitCall(app, method, path, refresh ? { ...options, cookies: { ...options.cookies, [REFRESH_COOKIE]: refresh } } : options);
  return { ...result, refresh: result.cookies[REFRESH_COOKIE], hint: result.cookies[SESSION_HINT_COOKIE] };
};

/** The Set-Cookie line an answer sent for one cookie (its attributes included), or undefined. */
export const setCookieLine = (result: Pick<AuthCallResult, 'headers'>, name: string): string | undefined =>
  result.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

export { errorOf };

export const sessionOf = (result: AuthCallResult): Session => {
  if (result.status !== 200) throw new Error(`Expected a session, got ${result.status} ${JSON.stringify(result.body)}`);
  return sessionSchema.parse(result.body);
};

export interface SignedIn {
  session: Session;
  refresh: string;
  userId: string;
  email: string;
}

export const signUp = async (app: AuthApp, email = uniqueEmail(), password = 'correct horse'): Promise<SignedIn> => {
  const result = await call(app, 'POST', '/signup', { body: { email, password, data: { first_name: 'Ada', last_name: 'Lovelace' } } });
  if (result.status !== 200) throw new Error(`Sign-up failed: ${result.status} ${JSON.stringify(result.body)}`);
  const { session } = result.body as { session: unknown };
  const parsed = sessionSchema.parse(session);
  return { session: parsed, refresh: result.refresh ?? '', userId: parsed.user.id, email };
};

export const signIn = async (app: AuthApp, email: string, password = 'correct horse'): Promise<SignedIn> => {
  const result = await call(app, 'POST', '/token?grant_type=password', { body: { email, password } });
  const session = sessionOf(result);
  return { session, refresh: result.refresh ?? '', userId: session.user.id, email };
};

/** A Solana-style wallet backed by a real ed25519 key pair. */
export const newWallet = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The SPKI DER is a 12-byte header followed by the 32 raw key bytes.
  const address = bs58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
  return { address, sign: (message: string) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64') };
};
export type Wallet = ReturnType<typeof newWallet>;

export const walletChallenge = async (app: TestApp, address: string, purpose: WalletProofPurpose = 'sign_in', headers: Record<string, string> = {}) => {
  const result = await call(app, 'POST', '/wallet/nonce', { body: { address, purpose }, headers });
  if (result.status !== 200) throw new Error(`Nonce failed: ${result.status} ${JSON.stringify(result.body)}`);
  return walletChallengeSchema.parse(result.body);
};

/** Asks for a challenge for the purpose and signs it: the body to sign in with, or to link with. */
export const walletProof = async (app: TestApp, wallet: Wallet, purpose: WalletProofPurpose = 'sign_in', headers: Record<string, string> = {}) => {
  const { message } = await walletChallenge(app, wallet.address, purpose, headers);
  return { address: wallet.address, message, signature: wallet.sign(message) };
};

export const walletSignIn = async (app: TestApp, wallet: Wallet, headers: Record<string, string> = {}): Promise<AuthCallResult> =>
  call(app, 'POST', '/token?grant_type=wallet', { body: await walletProof(app, wallet), headers });
