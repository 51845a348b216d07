import type { RewardsSummary } from '@starforge/contracts/rewards';
import { StatCard } from '@starforge/ui';
import { formatCount } from '../../../shared/lib/format';
import { pointsBalanceHint } from '../points-words';

/** /rewards' and /balance's "Points Balance": the points left to convert, beside the lifetime total. */
export function PointsBalanceCard({ summary, loading }: { summary: RewardsSummary; loading: boolean }) {
  return <StatCard label="Points Balance" value={formatCount(summary.points_balance)} hint={pointsBalanceHint(summary.points)} loading={loading} />;
}
