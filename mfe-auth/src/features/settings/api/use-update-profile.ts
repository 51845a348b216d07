import { useCallback, useRef, useState } from 'react';
import { authMessages, type Profile } from '@starforge/contracts';
import { authClient, toast } from '@starforge/host';
import { parseProfileForm, type ProfileFormValues } from '../profile-values';
import { profileSaveErrorMessage } from '../settings-error-message';

/** PUT /api/auth/profile with the form, checked first with the service's schema. */
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
        const profile = await authClient.updateProfile(parsed.update);
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
