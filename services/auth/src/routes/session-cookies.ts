import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS, SESSION_HINT_COOKIE } from '@starforge/contracts/auth';
import type { AuthConfig } from '../config/env';

type CookieConfig = Pick<AuthConfig, 'publicOrigin'>;

// Secure when the product is served over https (decided by configuration, not by a header a
// client could send).
const secure = (config: CookieConfig) => config.publicOrigin.startsWith('https:');
// The refresh token: sent only to the auth service, never readable by scripts.
const refreshOptions = (config: CookieConfig) => ({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', secure: secure(config) }) as const;
// The session hint: no secret, readable by every page so a visitor without it is not sent a
// session check (see SESSION_HINT_COOKIE). It lives and dies with the refresh cookie.
const hintOptions = (config: CookieConfig) => ({ httpOnly: false, sameSite: 'Lax', path: '/', secure: secure(config) }) as const;

export const readRefreshCookie = (c: Context): string | null => getCookie(c, REFRESH_COOKIE) || null;

/** The refresh token's cookie and the session hint, always set together. */
export const setSessionCookies = (c: Context, config: CookieConfig, refreshToken: string): void => {
  setCookie(c, REFRESH_COOKIE, refreshToken, { ...refreshOptions(config), maxAge: REFRESH_TOKEN_TTL_SECONDS });
  setCookie(c, SESSION_HINT_COOKIE, '1', { ...hintOptions(config), maxAge: REFRESH_TOKEN_TTL_SECONDS });
};

/** Clears both, so a stale hint costs a browser at most one refused session check. */
export const clearSessionCookies = (c: Context, config: CookieConfig): void => {
  deleteCookie(c, REFRESH_COOKIE, refreshOptions(config));
  deleteCookie(c, SESSION_HINT_COOKIE, hintOptions(config));
};
