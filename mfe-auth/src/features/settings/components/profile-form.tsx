import { useState, type ChangeEvent } from 'react';
import { authMessages, type AuthUser, type Profile } from '@starforge/contracts/auth';
import { useFormAction } from '@starforge/host';
import { Field } from '@starforge/ui';
import { useUpdateProfile } from '../api/use-update-profile';
import { accountSummary } from '../account-summary';
import { parseProfileForm, profileFormValues, type ProfileFormValues } from '../profile-values';
import { profileSaveErrorMessage } from '../settings-error-message';
import { settingsText } from '../settings-text';

interface ProfileFormProps {
  user: AuthUser;
  profile: Profile | null;
  /** Rereads the profile after a save, so a later visit starts from what was saved. */
  refetch: () => void;
}

/** The names; the e-mail and the linked wallet are shown but not edited here. */
export function ProfileForm({ user, profile, refetch }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile, user));
  const { run, busy: saving } = useUpdateProfile();
  const form = useFormAction({
    name: 'profile update',
    check: () => parseProfileForm(values),
    run: (input) => run(input.update),
    success: () => authMessages.profileUpdated,
    onSuccess: (saved) => {
      // Show what the server stored (trimmed, nulls as empty).
      setValues(profileFormValues(saved, user));
      refetch();
    },
    failure: profileSaveErrorMessage,
  });

  const bind = (name: keyof ProfileFormValues) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <section className="sf-card auth-settings-card" aria-labelledby="auth-profile-heading">
      <h2 id="auth-profile-heading">{settingsText.profileHeading}</h2>
      <form onSubmit={form.submit} noValidate>
        <div className="auth-settings-names">
          <Field label={settingsText.firstName} autoComplete="given-name" {...bind('firstName')} />
          <Field label={settingsText.lastName} autoComplete="family-name" {...bind('lastName')} />
        </div>
        <Field label={settingsText.email} type="email" name="email" value={user.email} readOnly hint={authMessages.emailReadOnly} />
        <Field
          label={settingsText.walletAddress}
          name="wallet_address"
          value={accountSummary(user).linkedWallet ?? profile?.wallet_address ?? ''}
          readOnly
          spellCheck={false}
          className="auth-settings-mono"
          hint={settingsText.walletAddressHint}
        />
        <button type="submit" className="sf-btn sf-btn-primary" disabled={saving} aria-busy={saving}>
          {saving ? <span className="sf-spinner-ring" aria-hidden="true" /> : null}
          {saving ? settingsText.saving : settingsText.save}
        </button>
      </form>
    </section>
  );
}
