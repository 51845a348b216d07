import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts';
import type { AuthConfig } from '../config/env';

// Sent only to the auth service, never readable by scripts; Secure when the product is served
// over https (decided by configuration, not by a header a client could send).
const options = (config: Pick<AuthConfig, 'publicOrigin'>) =>
  ({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', secure: config.publicOrigin.startsWith('https:') }) as const;

export const readRefreshCookie = (c: Context): string | null => getCookie(c, REFRESH_COOKIE) || null;

export const setRefreshCookie = (c: Context, config: Pick<AuthConfig, 'publicOrigin'>, token: string): void => {
  setCookie(c, REFRESH_COOKIE, token, { ...options(config), maxAge: REFRESH_TOKEN_TTL_SECONDS });
};

export const clearRefreshCookie = (c: Context, config: Pick<AuthConfig, 'publicOrigin'>): void => {
  deleteCookie(c, REFRESH_COOKIE, options(config));
};
