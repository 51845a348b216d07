import { formatCents } from '@starforge/contracts/shared';
import { StatCard, TopBar } from '@starforge/ui';
import { WithdrawalForm } from '../features/withdrawal/components/withdrawal-form';
import { WithdrawalsList } from '../features/withdrawal/components/withdrawals-list';
import { useSummary } from '../shared/api/summary';
import { rewardsNavLinks } from './nav-links';
import './screens.css';

/** /withdrawal: the cash balance, the wallet, the amount with shortcuts, and recent withdrawals. */
export function WithdrawalPage() {
  const { summary, loading } = useSummary();
  return (
    <>
      <TopBar links={rewardsNavLinks.filter((l) => l.to !== '/withdrawal')} />
      <main className="sf-main rewards-screen">
        <header className="rewards-screen-header">
          <h1>Withdraw Funds</h1>
          <p className="sf-muted">Transfer your cash earnings to a Solana wallet.</p>
        </header>
        <div className="rewards-screen-columns">
          <div className="rewards-screen-stack">
            <StatCard
              label="Cash Balance"
              value={formatCents(summary.cash_balance_cents)}
              hint={summary.pending_withdrawal_cents > 0 ? `${formatCents(summary.pending_withdrawal_cents)} being sent` : undefined}
              loading={loading}
            />
            <WithdrawalForm />
          </div>
          <WithdrawalsList />
        </div>
      </main>
    </>
  );
}
