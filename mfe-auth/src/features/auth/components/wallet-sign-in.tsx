import { PHANTOM_DOWNLOAD_URL } from '@starforge/host';
import { usePhantomAvailable } from '../../../shared/lib/use-phantom-available';
import { authText } from '../auth-text';

interface WalletSignInProps {
  busy: boolean;
  disabled: boolean;
  onSignIn: () => void;
}

/** 'Sign in with Solana Wallet', or, with no wallet in the browser, a way to get one. */
export function WalletSignIn({ busy, disabled, onSignIn }: WalletSignInProps) {
  const available = usePhantomAvailable();
  if (!available) {
    return (
      <div className="auth-wallet">
        <button type="button" className="sf-btn sf-btn-secondary sf-btn-block" disabled>
          {authText.installPhantom}
        </button>
        <a className="auth-wallet-download" href={PHANTOM_DOWNLOAD_URL} target="_blank" rel="noopener">
          {authText.downloadPhantom}
          <span className="sf-visually-hidden"> {authText.opensInNewTab}</span>
        </a>
      </div>
    );
  }
  return (
    <div className="auth-wallet">
      <button type="button" className="sf-btn sf-btn-secondary sf-btn-block" onClick={onSignIn} disabled={busy || disabled} aria-busy={busy}>
        {busy ? <span className="sf-spinner-ring" aria-hidden="true" /> : null}
        {authText.walletSignIn}
      </button>
    </div>
  );
}
