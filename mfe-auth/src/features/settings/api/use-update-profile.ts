import type { AuthUser, Profile, ProfileUpdate } from '@starforge/contracts/auth';
import { authClient, authedRequest, useAction } from '@starforge/host';

/**
 * PUT /api/auth/profile; then the page's session user is reread, so the names it shows follow
 * what was saved (a failed reread leaves the old names, not an error).
 */
const updateProfile = async (update: ProfileUpdate): Promise<Profile> => {
  const profile = await authedRequest<Profile>('/api/auth/profile', { method: 'PUT', json: update });
  const user = await authedRequest<AuthUser>('/api/auth/user', { method: 'GET' }).catch(() => null);
  if (user) authClient.updateUser(user);
  return profile;
};

/** Save the profile, single flight; a failure is reported at once (no automatic retries). */
export const useUpdateProfile = () => useAction((_call, update: ProfileUpdate) => updateProfile(update), { maxAttempts: 1 });
