import { useMemo, useState } from 'react';
import { authServiceMessages, type AuthUser } from '@starforge/contracts/auth';
import { accountSummary } from '../account-summary';
import { settingsText } from '../settings-text';
import { LinkWallet } from './link-wallet';
import { UnlinkWallet } from './unlink-wallet';

interface AccountStatusCardProps {
  user: AuthUser;
  /** Rereads the profile after its wallet changed. */
  onWalletChanged: () => void;
}

/**
 * E-mail, member since, how the account signs in, and its wallet: a way to link one, or to unlink
 * it; a wallet account's wallet is its way in, so it stays (the server refuses it too).
 */
export function AccountStatusCard({ user, onWalletChanged }: AccountStatusCardProps) {
  const summary = useMemo(() => accountSummary(user), [user]);
  // After an unlink its button is gone: focus goes to the button that takes its place.
  const [justUnlinked, setJustUnlinked] = useState(false);
  return (
    <section className="sf-card auth-settings-card" aria-labelledby="auth-status-heading">
      <h2 id="auth-status-heading">{settingsText.statusHeading}</h2>
      <dl className="auth-status-list">
        <div>
          <dt>{settingsText.email}</dt>
          <dd>{summary.email}</dd>
        </div>
        <div>
          <dt>{settingsText.memberSince}</dt>
          <dd>
            <time dateTime={user.created_at}>{summary.memberSince}</time>
          </dd>
        </div>
        <div>
          <dt>{settingsText.signInMethod}</dt>
          <dd>{summary.signInMethod === 'solana' ? settingsText.methodWallet : settingsText.methodEmail}</dd>
        </div>
        <div>
          <dt>{settingsText.linkedWallet}</dt>
          <dd className={summary.linkedWallet ? 'auth-status-address' : 'sf-muted'}>{summary.linkedWallet ?? settingsText.noLinkedWallet}</dd>
        </div>
      </dl>
      {summary.signInMethod === 'solana' ? (
        <p className="auth-status-action sf-muted">{authServiceMessages.walletOnlySignIn}</p>
      ) : summary.linkedWallet ? (
        <UnlinkWallet
          address={summary.linkedWallet}
          onUnlinked={() => {
            setJustUnlinked(true);
            onWalletChanged();
          }}
        />
      ) : (
        <LinkWallet focusFirst={justUnlinked} />
      )}
    </section>
  );
}
