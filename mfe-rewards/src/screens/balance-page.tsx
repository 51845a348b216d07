import { formatCents } from '@starforge/contracts/shared';
import { StatCard, TopBar } from '@starforge/ui';
import { ConvertForm } from '../features/conversion/components/convert-form';
import { PointsBalanceCard } from '../features/stats/components/points-balance-card';
import { ForgeWallet } from '../features/tokens/components/forge-wallet';
import { TiersTable } from '../features/tokens/components/tiers-table';
import { RecentTransactions } from '../features/transactions/components/recent-transactions';
import { useSummary } from '../shared/api/summary';
import { formatCount } from '../shared/lib/format';
import { pendingCashHint } from '../shared/lib/pending-cash';
import { rewardsNavLinks } from './nav-links';
import './screens.css';

/** /balance (Balance & Earnings): five cards, converting points, the FORGE wallet and tiers, and the ledger. */
export function BalancePage() {
  const { summary, loading } = useSummary();
  return (
    <>
      <TopBar links={rewardsNavLinks.filter((l) => l.to !== '/balance')} />
      <main className="sf-main rewards-screen">
        <header className="rewards-screen-header">
          <h1>Balance &amp; Earnings</h1>
          <p className="sf-muted">Your points, cash and FORGE, and every movement behind them.</p>
        </header>
        <div className="sf-stat-grid">
          <PointsBalanceCard summary={summary} loading={loading} />
          <StatCard
            label="Cash Balance"
            value={formatCents(summary.cash_balance_cents)}
            hint={pendingCashHint(summary) ?? undefined}
            to="/withdrawal"
            loading={loading}
          />
          <StatCard label="Total Earned" value={formatCents(summary.total_earned_cents)} loading={loading} />
          <StatCard
            label="Total Withdrawn"
            value={formatCents(summary.total_withdrawn_cents)}
            hint={summary.pending_withdrawal_cents > 0 ? `${formatCents(summary.pending_withdrawal_cents)} on its way` : undefined}
            loading={loading}
          />
          <StatCard
            label="FORGE Tier"
            value={summary.tier.name}
            hint={`${formatCount(summary.tokens.available + summary.tokens.staked)} FORGE`}
            loading={loading}
          />
        </div>
        <div className="rewards-screen-columns">
          <ConvertForm />
          <ForgeWallet />
        </div>
        <TiersTable current={summary.tier} />
        <RecentTransactions />
      </main>
    </>
  );
}
