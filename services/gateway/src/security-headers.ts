import type { MiddlewareHandler } from 'hono';
import type { RemotesMap } from '@starforge/contracts/shared';

/** A header name and its value; lists of these are written as they are on every answer. */
export type HeaderPair = readonly [name: string, value: string];

/** Origins of remotes that live elsewhere; relative entries are served by this gateway. */
const remoteOrigins = (remotes: RemotesMap): string[] =>
  [
    ...new Set(
      Object.values(remotes)
        .filter((u) => /^https?:\/\//.test(u))
        .map((u) => new URL(u).origin),
    ),
  ].sort();

/**
 * Browser features the product never uses, denied to the page and anything it embeds. Only
 * names Chromium knows: an unknown one is reported on the console of every page.
 */
const deniedFeatures = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'browsing-topics',
] as const;

/**
 * Security headers for every answer, computed once. Scripts may come only from this origin
 * and the remotes' origins. Stylesheets are files, but styles still allow inline: the toasts
 * library injects its own <style>, and prerendered markup may carry style attributes. HSTS and
 * upgrade-insecure-requests only when the public origin is https (over plain http, HSTS is
 * ignored and the upgrade would break the page).
 */
export const securityHeaderList = (options: { remotes: RemotesMap; publicOrigin: string }): HeaderPair[] => {
  const origins = remoteOrigins(options.remotes).join(' ');
  const also = origins ? ` ${origins}` : '';
  const https = new URL(options.publicOrigin).protocol === 'https:';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${also}`,
    `connect-src 'self'${also}`,
    `style-src 'self' 'unsafe-inline'${also}`,
    `img-src 'self' data: blob:${also}`,
    `font-src 'self'${also}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return [
    ['Content-Security-Policy', csp],
    ['Permissions-Policy', deniedFeatures.map((f) => `${f}=()`).join(', ')],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
};

/** Sets the security headers on every answer of a Hono app (replacing any a handler set). */
export const securityHeaders =
  (list: readonly HeaderPair[]): MiddlewareHandler =>
  async (c, next) => {
    await next();
    for (const [name, value] of list) c.res.headers.set(name, value);
  };
