import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import bs58 from 'bs58';
import { REFRESH_COOKIE, apiErrorSchema, sessionSchema, walletChallengeSchema, type Session } from '@starforge/contracts';
import type { Sql } from '@starforge/service-kit';
import { afterAll, beforeAll } from 'vitest';
import { testSql } from '@starforge/test-db';
import { createApp, type AuthAppOptions } from '../app';
import type { AuthConfig } from '../config/env';

export const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Limits high enough that test files sharing the database (and the 'unknown' IP) never meet them. */
export const testConfig = (overrides: Partial<AuthConfig> = {}): AuthConfig => ({
  requireEmailConfirmation: false,
  signingKey: null,
  rateLimit: { windowSeconds: 60, perAccount: 1_000, perIp: 100_000 },
  ...overrides,
});

export const authTestSql = (): Promise<Sql> => testSql([{ schema: 'auth', dir: migrationsDir }], 'auth');

export type AuthApp = ReturnType<typeof createApp>;

/**
 * Opens a pool on the test database (auth migrations applied) and an auth app on it before the
 * file's tests, and closes the pool after them; `use` receives both.
 */
export const useAuthTestApp = (use: (sql: Sql, app: AuthApp) => void, options?: AuthAppOptions): void => {
  let sql: Sql | undefined;
  beforeAll(async () => {
    sql = await authTestSql();
    use(sql, testApp(sql, options));
  });
  afterAll(() => sql?.end());
};

export const testApp = (sql: Sql, options: AuthAppOptions = {}): AuthApp => createApp(sql, { config: testConfig(), ...options });

export const uniqueEmail = (tag = 'user'): string => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  refresh?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  /** The sf_refresh cookie the answer set: a value, '' when it cleared it, undefined when it left it alone. */
  refresh: string | undefined;
  setCookie: string | null;
}

/** A request to the auth app as the browser's client makes it. */
export const call = async (app: AuthApp, method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.refresh) headers.cookie = `${REFRESH_COOKIE}=${options.refresh}`;
  const res = await app.request(`/api/auth${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  const setCookie = res.headers.get('set-cookie');
  const refresh = res.headers
    .getSetCookie()
    .map((c) => new RegExp(`^${REFRESH_COOKIE}=([^;]*)`).exec(c)?.[1])
    .find((v) => v !== undefined);
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null, refresh, setCookie };
};

export const errorOf = (result: CallResult) => ({ status: result.status, ...apiErrorSchema.parse(result.body).error });

export const sessionOf = (result: CallResult): Session => {
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

export const walletChallenge = async (app: AuthApp, address: string, headers: Record<string, string> = {}) => {
  const result = await call(app, 'POST', '/wallet/nonce', { body: { address }, headers });
  if (result.status !== 200) throw new Error(`Nonce failed: ${result.status} ${JSON.stringify(result.body)}`);
  return walletChallengeSchema.parse(result.body);
};

/** Asks for a challenge, signs it and presents the proof (to sign in, or `path` to link). */
export const walletProof = async (app: AuthApp, wallet: Wallet, headers: Record<string, string> = {}) => {
  const { message } = await walletChallenge(app, wallet.address, headers);
  return { address: wallet.address, message, signature: wallet.sign(message) };
};

export const walletSignIn = async (app: AuthApp, wallet: Wallet, headers: Record<string, string> = {}): Promise<CallResult> =>
  call(app, 'POST', '/token?grant_type=wallet', { body: await walletProof(app, wallet, headers), headers });
