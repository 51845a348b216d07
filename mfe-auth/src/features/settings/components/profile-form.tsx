import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { authMessages, type AuthUser, type Profile } from '@starforge/contracts';
import { Field } from '@starforge/ui';
import { useUpdateProfile } from '../api/use-update-profile';
import { accountSummary } from '../account-summary';
import { profileFormValues, type ProfileFormValues } from '../profile-values';
import { settingsText } from '../settings-text';

interface ProfileFormProps {
  user: AuthUser;
  profile: Profile | null;
}

/** The names; the e-mail and the linked wallet are shown but not edited here. */
export function ProfileForm({ user, profile }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile, user));
  // After a save, show what the server stored (trimmed, nulls as empty).
  const onSaved = useCallback((saved: Profile) => setValues(profileFormValues(saved, user)), [user]);
  const { save, saving } = useUpdateProfile(onSaved);

  const bind = (name: keyof ProfileFormValues) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(values);
  };

  return (
    <section className="sf-card auth-settings-card" aria-labelledby="auth-profile-heading">
      <h2 id="auth-profile-heading">{settingsText.profileHeading}</h2>
      <form onSubmit={submit} noValidate>
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
