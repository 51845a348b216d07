import { SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_TTL_SECONDS, type AuthUser, type Session } from '@starforge/contracts/auth';
import { SIGNING_ALGORITHM, type SigningKeyStore } from './signing-keys';

/**
 * A session as the client sees it: a short-lived EdDSA access token whose `sid` names the
 * server-side session, so signing out revokes it for every service at once.
 */
export const issueSession = async (keys: SigningKeyStore, user: AuthUser, sessionId: string): Promise<Session> => {
  const { kid, privateKey } = await keys();
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = await new SignJWT({ sid: sessionId, email: user.email, role: 'authenticated' })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
    .setSubject(user.id)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(privateKey);
  return { access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, expires_at: expiresAt, user };
};
