import { secureHeaders } from 'hono/secure-headers';
import type { RemotesMap } from '@starforge/contracts';

/** Origins of remotes that live elsewhere; relative entries are served by this gateway. */
export const remoteOrigins = (remotes: RemotesMap): string[] =>
  [...new Set(Object.values(remotes).filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))].sort();

/**
 * Security headers for every answer. Scripts may come only from this origin and the remotes'
 * origins. Styles allow inline because each remote injects its CSS as <style> elements.
 */
export const securityHeaders = (remotes: RemotesMap) => {
  const origins = remoteOrigins(remotes);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...origins],
      connectSrc: ["'self'", ...origins],
      styleSrc: ["'self'", "'unsafe-inline'", ...origins],
      imgSrc: ["'self'", 'data:', 'blob:', ...origins],
      fontSrc: ["'self'", ...origins],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: false,
    strictTransportSecurity: false,
  });
};
