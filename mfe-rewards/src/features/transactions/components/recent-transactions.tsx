import { useId } from 'react';
import { Link } from 'react-router-dom';
import { transactionSourcePath, transactionTypeLabels } from '@starforge/contracts/rewards';
import { Badge } from '@starforge/ui';
import { formatDate, formatWhen } from '@starforge/contracts/shared';
import { useTransactions } from '../api/transactions';
import { amountText, ruleText, sourceLinkText, statusText } from '../transaction-view';

/** The last 10 ledger rows, newest first: what moved, the rule that moved it, and a link to its source. */
export function RecentTransactions() {
  const ids = useId();
  const { transactions, loading, failed } = useTransactions();
  return (
    <section className="sf-card rewards-transactions" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Recent Transactions</h2>
      {transactions.length === 0 ? (
        <p className="sf-muted">{loading ? 'Loading transactions...' : failed ? 'Transactions could not be loaded right now.' : 'No transactions yet.'}</p>
      ) : (
        <ul className="rewards-ledger">
          {transactions.map((t) => {
            const path = transactionSourcePath(t.source);
            return (
              <li key={t.id} className="rewards-ledger-row" data-testid="transaction-row" data-status={t.status}>
                <div className="rewards-ledger-main">
                  <strong>{t.description}</strong>
                  <Badge tone={t.status === 'completed' ? 'success' : 'warning'}>{statusText(t)}</Badge>
                  <span className="rewards-ledger-amount">{amountText(t)}</span>
                </div>
                <div className="rewards-ledger-detail">
                  <span>
                    {transactionTypeLabels[t.transaction_type] ?? t.transaction_type}
                    {ruleText(t) ? ` · ${ruleText(t)}` : ''}
                  </span>
                  <span className="sf-muted">{formatWhen(t.created_at)}</span>
                  {t.status === 'pending' && t.settles_at ? <span data-testid="transaction-settles">Settles on {formatDate(t.settles_at)}</span> : null}
                  {path && t.source ? (
                    <Link to={path} className="sf-link">
                      {sourceLinkText[t.source.type]}
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
