import { useEffect, useRef } from 'react';
import { PHANTOM_DOWNLOAD_URL } from '@starforge/host';
import { usePhantomAvailable } from '../../../shared/lib/use-phantom-available';
import { useLinkWallet } from '../api/use-link-wallet';
import { settingsText } from '../settings-text';

/**
 * 'Link Solana Wallet' for an e-mail account; without a wallet in the browser, where to get one.
 * `focusFirst`: it took the place of the Unlink button that was just used, so it takes its focus.
 */
export function LinkWallet({ focusFirst = false }: { focusFirst?: boolean }) {
  const available = usePhantomAvailable();
  const { link, linking } = useLinkWallet();
  const action = useRef<HTMLElement | null>(null);
  const setAction = (element: HTMLElement | null) => {
    action.current = element;
  };
  useEffect(() => {
    if (focusFirst) action.current?.focus();
  }, [focusFirst]);
  if (!available) {
    return (
      <p className="auth-status-action">
        <a ref={setAction} href={PHANTOM_DOWNLOAD_URL} target="_blank" rel="noopener">
          {settingsText.installToLink}
          <span className="sf-visually-hidden"> {settingsText.opensInNewTab}</span>
        </a>
      </p>
    );
  }
  return (
    <p className="auth-status-action">
      <button ref={setAction} type="button" className="sf-btn sf-btn-secondary sf-btn-block" onClick={() => void link()} disabled={linking} aria-busy={linking}>
        {linking ? <span className="sf-spinner-ring" aria-hidden="true" /> : null}
        {linking ? settingsText.linkingWallet : settingsText.linkWallet}
      </button>
    </p>
  );
}
