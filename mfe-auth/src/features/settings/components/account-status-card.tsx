import { useMemo } from 'react';
import type { AuthUser } from '@starforge/contracts';
import { accountSummary } from '../account-summary';
import { settingsText } from '../settings-text';
import { LinkWallet } from './link-wallet';

/** E-mail, member since, how the account signs in, and its wallet (or a way to link one). */
export function AccountStatusCard({ user }: { user: AuthUser }) {
  const summary = useMemo(() => accountSummary(user), [user]);
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
      {summary.signInMethod === 'email' && !summary.linkedWallet ? <LinkWallet /> : null}
    </section>
  );
}
