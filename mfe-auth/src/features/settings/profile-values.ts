import { profileUpdateSchema, type AuthUser, type Profile, type ProfileUpdate } from '@starforge/contracts/auth';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
}

/**
 * The form's starting values: the saved profile; with no profile row yet, the names given
 * at sign-up. A saved null stays empty, so a reload shows exactly what was saved.
 */
export const profileFormValues = (profile: Profile | null, user: AuthUser): ProfileFormValues =>
  profile
    ? { firstName: profile.first_name ?? '', lastName: profile.last_name ?? '' }
    : { firstName: user.user_metadata.first_name ?? '', lastName: user.user_metadata.last_name ?? '' };

export type ParsedProfileForm = { ok: true; update: ProfileUpdate } | { ok: false; message: string };

/** Checks the form with the service's own schema: trims, and saves empty fields as null. */
export const parseProfileForm = (values: ProfileFormValues): ParsedProfileForm => {
  const parsed = profileUpdateSchema.safeParse({ first_name: values.firstName, last_name: values.lastName });
  if (parsed.success) return { ok: true, update: { first_name: parsed.data.first_name, last_name: parsed.data.last_name } };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the profile fields' };
};
