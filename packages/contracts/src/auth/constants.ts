/** Auth constants shared by the browser and the services (kept apart from the zod schemas). */
export const REFRESH_COOKIE = 'sf_refresh';
/**
 * Set and cleared by the auth service together with the refresh cookie, but readable by the page
 * (path /, not httpOnly) and holding no secret: it says only that a session may exist, so a
 * visitor without it is shown as signed out at once, without a session check, and the gateway
 * sends them the prerendered landing.
 */
export const SESSION_HINT_COOKIE = 'sf_session';

/** Whether a `document.cookie` string (or a request's Cookie header) carries the session hint. */
export const hasSessionHint = (cookies: string): boolean => cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const WALLET_NONCE_TTL_SECONDS = 5 * 60;
export const WALLET_EMAIL_DOMAIN = 'wallet.starforge.app';
export const ACCESS_TOKEN_AUDIENCE = 'starforge';
export const ACCESS_TOKEN_ISSUER = 'starforge-auth';

/** Client refresh schedule (spec section 9). */
export const AUTO_REFRESH_TICK_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;
export const REFRESH_RETRY_BASE_MS = 200;
export const REFRESH_RETRY_MAX_ATTEMPTS = 5;
export const RETRYABLE_STATUSES = [502, 503, 504] as const;
