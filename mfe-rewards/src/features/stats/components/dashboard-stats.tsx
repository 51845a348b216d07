import { formatCents } from '@starforge/contracts/shared';
import { StatCard } from '@starforge/ui';
import { useSummary } from '../../../shared/api/summary';
import { formatCount, formatRate } from '../../../shared/lib/format';
import { lifetimePointsHint } from '../points-words';

/** The dashboard's six stat cards; live (a finished test or mint updates them through the summary). */
export function DashboardStats() {
  const { summary, loading } = useSummary();
  return (
    <div className="sf-stat-grid" data-testid="dashboard-stats">
      <StatCard label="Points" value={formatCount(summary.points)} hint={lifetimePointsHint(summary.points_balance)} loading={loading} />
      <StatCard label="Tests Run" value={formatCount(summary.total_tests)} loading={loading} />
      <StatCard label="NFTs Minted" value={formatCount(summary.total_nfts)} loading={loading} />
      <StatCard label="Success Rate" value={formatRate(summary.success_rate)} loading={loading} />
      <StatCard label="Cash Balance" value={formatCents(summary.cash_balance_cents)} to="/balance" loading={loading} />
      <StatCard label="Total Earned" value={formatCents(summary.total_earned_cents)} to="/withdrawal" loading={loading} />
    </div>
  );
}
