import { useId } from 'react';
import { mediumAddress } from '@starforge/contracts/shared';
import { formatCents } from '@starforge/contracts/shared';
import { Badge } from '@starforge/ui';
import { formatWhen } from '@starforge/contracts/shared';
import { shortHash } from '../../../shared/lib/format';
import { useWithdrawals } from '../api/withdrawals';

/** The user's recent withdrawals: pending (yellow) until sent, then completed (green) with its signature. */
export function WithdrawalsList() {
  const ids = useId();
  const { withdrawals, loading, failed } = useWithdrawals();
  return (
    <section className="sf-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Recent Withdrawals</h2>
      {withdrawals.length === 0 ? (
        <p className="sf-muted">{loading ? 'Loading withdrawals...' : failed ? 'Withdrawals could not be loaded right now.' : 'No withdrawals yet.'}</p>
      ) : (
        <ul className="rewards-ledger">
          {withdrawals.map((w) => (
            <li key={w.id} className="rewards-ledger-row" data-testid="withdrawal-row" data-status={w.status}>
              <div className="rewards-ledger-main">
                <strong>{formatCents(w.amount_cents)}</strong>
                <Badge tone={w.status === 'completed' ? 'success' : 'warning'}>{w.status === 'completed' ? 'Completed' : 'Pending'}</Badge>
                <span className="sf-muted">to {mediumAddress(w.wallet_address)}</span>
              </div>
              <div className="rewards-ledger-detail">
                <span className="sf-muted">{formatWhen(w.requested_at)}</span>
                {w.tx_signature ? <code title={w.tx_signature}>TX {shortHash(w.tx_signature)}</code> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
