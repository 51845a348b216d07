import { bearerToken } from '@starforge/service-kit';

/**
 * When the request's access token expires (ms since the epoch). Read after `requireUser`
 * verified the token, so the payload is already known to be ours; only `exp` is read.
 */
export const tokenExpiryMs = (authorization: string | undefined): number => {
  const payload = bearerToken(authorization)?.split('.')[1];
  if (!payload) throw new Error('tokenExpiryMs needs a verified bearer token');
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof exp !== 'number') throw new Error('The access token has no exp');
  return exp * 1000;
};
