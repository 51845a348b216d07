import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AuthConfig } from '../config/env';
import { issueDeviceToken, verifyDeviceToken, type TrustedDevice } from '../domain/device-tokens';
import type { AuthDeps } from '../deps';

/** The device cookie (see `domain/device-tokens.ts`): set on a password sign-in or sign-up, read by the next sign-in. */
export const DEVICE_COOKIE = 'sf_device';

// A year (browsers cap a cookie's life at 400 days): the owner's browser stays known between
// visits. Sent only with sign-in requests from the product's own pages, never readable by
// scripts; Secure when the product is served over https.
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3_600;
const options = (config: Pick<AuthConfig, 'publicOrigin'>) =>
  ({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/token', secure: config.publicOrigin.startsWith('https:') }) as const;

/** The device the request's cookie names, if this service issued it; null otherwise. */
export const readDeviceCookie = async (c: Context, deps: Pick<AuthDeps, 'keys'>): Promise<TrustedDevice | null> => {
  const token = getCookie(c, DEVICE_COOKIE);
  return token ? verifyDeviceToken((await deps.keys()).deviceKey, token) : null;
};

/** A fresh device cookie for the account just signed in to (a new device id, so a new bucket). */
export const setDeviceCookie = async (c: Context, deps: Pick<AuthDeps, 'keys' | 'config'>, userId: string): Promise<void> => {
  setCookie(c, DEVICE_COOKIE, issueDeviceToken((await deps.keys()).deviceKey, userId), { ...options(deps.config), maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
};
