import { vi } from 'vitest';
import { SESSION_HINT_COOKIE, type Session } from '@starforge/contracts/auth';

/** A session as the auth service answers it, for browser-side tests; fields as given. */
export const testSession = ({
  accessToken = `token-${Math.random()}`,
  expiresInSeconds = 900,
  userId = '6f1d2c1e-1f0a-4b8e-9d3c-2a7b5e4c3d21',
  email = 'ada@example.com',
}: {
  accessToken?: string;
  expiresInSeconds?: number;
  userId?: string;
  email?: string;
} = {}): Session => ({
  access_token: accessToken,
  token_type: 'bearer',
  expires_in: expiresInSeconds,
  expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
  user: { id: userId, email, created_at: '2026-01-01T00:00:00.000Z', user_metadata: {}, identities: [], factors: [] },
});

/** The page's `document` as the auth client sees it: its cookies with or without the session hint (and any other fields given). */
export const stubDocument = ({ sessionHint }: { sessionHint: boolean }, fields: Record<string, unknown> = {}): void => {
  vi.stubGlobal('document', { cookie: sessionHint ? `theme=dark; ${SESSION_HINT_COOKIE}=1` : 'theme=dark', ...fields });
};
