import { useCallback, useRef, useState } from 'react';
import { authMessages, type AuthUser, type Profile, type ProfileUpdate } from '@starforge/contracts';
import { authClient, authedRequest, toast } from '@starforge/host';
import { parseProfileForm, type ProfileFormValues } from '../profile-values';
import { profileSaveErrorMessage } from '../settings-error-message';

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

/** Saves the form, checked first with the service's own schema. */
export const useUpdateProfile = (onSaved: (profile: Profile) => void) => {
  const running = useRef(false);
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (values: ProfileFormValues) => {
      if (running.current) return;
      const parsed = parseProfileForm(values);
      if (!parsed.ok) {
        toast.error(parsed.message);
        return;
      }
      running.current = true;
      setSaving(true);
      try {
        const profile = await updateProfile(parsed.update);
        toast.success(authMessages.profileUpdated);
        onSaved(profile);
      } catch (error) {
        console.error('profile update failed', error);
        toast.error(profileSaveErrorMessage(error));
      } finally {
        running.current = false;
        setSaving(false);
      }
    },
    [onSaved],
  );

  return { save, saving };
};
