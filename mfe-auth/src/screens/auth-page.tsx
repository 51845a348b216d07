import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { authText, type AuthMode } from '../features/auth/auth-text';
import { useEmailAuth, type EmailAuthValues } from '../features/auth/use-email-auth';
import { useWalletSignIn } from '../features/auth/use-wallet-sign-in';
import { AuthForm } from '../features/auth/components/auth-form';
import { WalletSignIn } from '../features/auth/components/wallet-sign-in';
import '../features/auth/components/auth.css';

const emptyValues: EmailAuthValues = { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' };

/** /auth: sign in or sign up, with a Solana wallet or with e-mail and password. */
export function AuthPage() {
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [values, setValues] = useState<EmailAuthValues>(emptyValues);
  const text = authText[mode];

  // Sign-up that needs e-mail confirmation: back to sign-in, the address kept.
  const onConfirmationSent = useCallback(() => {
    setMode('signIn');
    setValues((v) => ({ ...v, password: '', confirmPassword: '' }));
  }, []);
  const email = useEmailAuth(mode, values, onConfirmationSent);
  const wallet = useWalletSignIn();
  const busy = email.busy || wallet.busy;

  return (
    <main className="auth-page">
      <section className="sf-card auth-card" aria-labelledby="auth-title">
        <Link to="/" className="sf-logo auth-logo" aria-label={authText.home}>
          <span aria-hidden="true">✦</span> Starforge
        </Link>
        <header className="auth-header">
          <h1 id="auth-title">{text.title}</h1>
          <p className="sf-muted">{text.subtitle}</p>
        </header>

        <WalletSignIn busy={wallet.busy} disabled={email.busy} onSignIn={() => void wallet.signIn()} />

        <p className="auth-divider">
          <span>{authText.divider}</span>
        </p>

        <AuthForm mode={mode} values={values} onChange={setValues} onSubmit={() => void email.submit()} busy={email.busy} disabled={wallet.busy} />

        <p className="auth-toggle">
          <button type="button" className="auth-link-button" onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')} disabled={busy}>
            {text.toggle}
          </button>
        </p>
      </section>
    </main>
  );
}
