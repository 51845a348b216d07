import type { ChangeEvent, FormEvent } from 'react';
import { Field, PasswordField } from '@starforge/ui';
import { authText, type AuthMode } from '../auth-text';
import type { EmailAuthValues } from '../use-email-auth';

interface AuthFormProps {
  mode: AuthMode;
  values: EmailAuthValues;
  onChange: (values: EmailAuthValues) => void;
  onSubmit: () => void;
  busy: boolean;
  disabled: boolean;
}

/** The e-mail form of /auth; sign-up adds names and a confirmation of the password. */
export function AuthForm({ mode, values, onChange, onSubmit, busy, disabled }: AuthFormProps) {
  const signUp = mode === 'signUp';
  const text = authText[mode];
  const bind = (name: keyof EmailAuthValues) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...values, [name]: event.target.value }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="auth-form" onSubmit={submit}>
      {signUp ? (
        <div className="auth-name-row">
          <Field label={authText.firstName} autoComplete="given-name" required {...bind('firstName')} />
          <Field label={authText.lastName} autoComplete="family-name" required {...bind('lastName')} />
        </div>
      ) : null}
      <Field label={authText.email} type="email" autoComplete="email" required {...bind('email')} />
      <PasswordField label={authText.password} autoComplete={signUp ? 'new-password' : 'current-password'} required {...bind('password')} />
      {signUp ? <PasswordField label={authText.confirmPassword} autoComplete="new-password" required {...bind('confirmPassword')} /> : null}
      <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={busy || disabled} aria-busy={busy}>
        {busy ? <span className="sf-spinner-ring" aria-hidden="true" /> : null}
        {busy ? text.busy : text.submit}
      </button>
    </form>
  );
}
