import type { Profile } from '@starforge/contracts/auth';
import { authedRequest, readFailure, useLiveResource } from '@starforge/host';

/**
 * GET /api/auth/profile: the signed-in user's own profile, or null. A missing row (404) is not
 * an error: the form starts from the sign-up names (spec: no-row reads fall back to defaults).
 * Other failures are logged and read the same way, so the screen stays usable.
 */
const getProfile = (): Promise<Profile | null> =>
  authedRequest<Profile>('/api/auth/profile', { method: 'GET' }).catch((error: unknown) => {
    if (readFailure(error).status !== 404) console.error('profile load failed', error);
    return null;
  });

// No live event changes a profile: it changes only through this screen, which refetches after a save.
const spec = { key: '/api/auth/profile', load: getProfile, events: [] } as const;

/**
 * The profile as the settings screen shows it: loading until the first answer, then the
 * profile (null without one). A visit reads it again; a sign-out or another user forgets it.
 */
export const useProfile = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { loading: status === 'loading', profile: data ?? null, refetch };
};
