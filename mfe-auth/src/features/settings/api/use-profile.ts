import { useEffect, useState } from 'react';
import type { Profile } from '@starforge/contracts';
import { authedRequest, readFailure } from '@starforge/host';

/** GET /api/auth/profile: the signed-in user's own profile. */
const getProfile = (): Promise<Profile> => authedRequest<Profile>('/api/auth/profile', { method: 'GET' });

export type ProfileState = { status: 'loading' } | { status: 'ready'; profile: Profile | null };

/**
 * GET /api/auth/profile, once per visit. A missing row (404) is not an error: the form starts
 * from the sign-up names (spec: no-row reads fall back to defaults). Other failures are logged
 * and treated the same way, so the screen stays usable.
 */
export const useProfile = (): ProfileState => {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    getProfile().then(
      (profile) => {
        if (active) setState({ status: 'ready', profile });
      },
      (error: unknown) => {
        if (readFailure(error).status !== 404) console.error('profile load failed', error);
        if (active) setState({ status: 'ready', profile: null });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
};
