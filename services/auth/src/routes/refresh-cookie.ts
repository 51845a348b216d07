import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts';
import { isHttps } from './client-info';

// Sent only to the auth service, never readable by scripts.
const PATH = '/api/auth';

export const readRefreshCookie = (c: Context): string | null => getCookie(c, REFRESH_COOKIE) || null;

export const setRefreshCookie = (c: Context, token: string): void => {
  setCookie(c, REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: PATH, maxAge: REFRESH_TOKEN_TTL_SECONDS, secure: isHttps(c) });
};

export const clearRefreshCookie = (c: Context): void => {
  deleteCookie(c, REFRESH_COOKIE, { httpOnly: true, sameSite: 'Lax', path: PATH, secure: isHttps(c) });
};
