import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { apiErrorSchema, IDEMPOTENCY_KEY_HEADER, type ServiceName } from '@starforge/contracts/shared';
import type { AuthenticatedUser, Sql } from '@starforge/service-kit';
import type { TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from './index';

/** Anything that answers requests in process (a service's app, a sub-app). */
export interface RequestTarget {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}

/** A service's app and the path it is mounted at (`/api/<domain>`), as tests address it. */
export interface TestApp<A extends RequestTarget = RequestTarget> {
  readonly app: A;
  readonly base: string;
}

export const testAppOf = <A extends RequestTarget>(app: A, domain: ServiceName): TestApp<A> => ({ app, base: `/api/${domain}` });

export interface CallOptions {
  /** Sent as JSON (with its content type). */
  body?: unknown;
  /** An access token, sent as `Authorization: Bearer …`. */
  token?: string | null;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  /** Cookies the answer set, by name ('' when it cleared one). */
  cookies: Record<string, string>;
  /** The raw Set-Cookie header, or null. */
  setCookie: string | null;
}

/** A request to the service as a browser's client makes it, its answer read whole. */
export const call = async (target: TestApp, method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const cookies = Object.entries(options.cookies ?? {});
  if (cookies.length > 0) headers.cookie = cookies.map(([name, value]) => `${name}=${value}`).join('; ');
  Object.assign(headers, options.headers);
  const res = await target.app.request(`${target.base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  const set: Record<string, string> = {};
  for (const cookie of res.headers.getSetCookie()) {
    const match = /^([^=]+)=([^;]*)/.exec(cookie);
    if (match?.[1]) set[match[1]] = match[2] ?? '';
  }
  let body: unknown = null;
  if (text) body = res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text;
  return { status: res.status, headers: res.headers, body, cookies: set, setCookie: res.headers.get('set-cookie') };
};

/** Whom a call is made as: a signed-in user's access token (a session in the auth schema). */
export interface Caller {
  readonly token: string;
}

export interface CallAsOptions extends Omit<CallOptions, 'token'> {
  /**
   * The Idempotency-Key to send. By default a fresh one on every write (any method but GET, HEAD
   * and OPTIONS), as the host's `useAction` sends one per user action; the same key again to
   * retry or replay; `null` for none. A key in `headers` is sent as it is.
   */
  key?: string | null;
}

export interface CallAsResult extends CallResult {
  /** The Idempotency-Key the call sent, or null: pass it as `key` to send the same request again. */
  key: string | null;
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const keyHeader = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** A request as the signed-in user (`Authorization: Bearer`), with an Idempotency-Key on writes. */
export const callAs = async (target: TestApp, who: Caller, method: string, path: string, { key, ...options }: CallAsOptions = {}): Promise<CallAsResult> => {
  const given = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === keyHeader)?.[1];
  const sent = given ?? (key === undefined ? (readMethods.has(method.toUpperCase()) ? null : randomUUID()) : key);
  const headers = { ...options.headers, ...(sent !== null && given === undefined ? { [keyHeader]: sent } : {}) };
  return { ...(await call(target, method, path, { ...options, token: who.token, headers })), key: sent };
};

/** A signed-in user as a domain's tests use one: the user, their access token and id. */
export interface TestUser extends Caller {
  user: AuthenticatedUser;
  token: string;
  id: string;
}

/** A new user signed in (`tokens.signIn`: a live session in the auth schema), from a domain's test context. */
export const signIn = async (ctx: { tokens: TestTokens; sql: Sql }): Promise<TestUser> => {
  const { user, token } = await ctx.tokens.signIn(ctx.sql);
  return { user, token, id: user.id };
};

/** `callAs` on a domain's test context (its `app`). */
export const callAsIn = (ctx: { app: TestApp }, who: Caller, method: string, path: string, options: CallAsOptions = {}): Promise<CallAsResult> =>
  callAs(ctx.app, who, method, path, options);

/** The status, code and message of an error answer (fails the test if it is not the error shape). */
export const errorOf = (result: { status: number; body: unknown }) => ({ status: result.status, ...apiErrorSchema.parse(result.body).error });

/** A test file's pool and app, ready once the file's `beforeAll` has run. */
export interface TestHandle<A extends RequestTarget> extends TestApp<A> {
  readonly sql: Sql;
}

/**
 * Opens a pool on the test database (the service's migrations applied, its schema first on
 * the search path) and the service's app on it before the file's tests, and closes the pool
 * after them. Read `sql` and `app` inside tests, not at the top of the file.
 */
export const useTestApp = <A extends RequestTarget>(options: { domain: ServiceName; migrationsDir: string; createApp: (sql: Sql) => A }): TestHandle<A> => {
  let state: { sql: Sql; app: A } | undefined;
  const ready = () => {
    if (!state) throw new Error('useTestApp: read sql and app inside tests, after beforeAll');
    return state;
  };
  beforeAll(async () => {
    const sql = await testSql([{ schema: options.domain, dir: options.migrationsDir }], options.domain);
    state = { sql, app: options.createApp(sql) };
  });
  afterAll(() => state?.sql.end());
  return {
    get sql() {
      return ready().sql;
    },
    get app() {
      return ready().app;
    },
    base: `/api/${options.domain}`,
  };
};
