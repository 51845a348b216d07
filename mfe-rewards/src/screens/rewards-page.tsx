import { formatCents } from '@starforge/contracts/shared';
import { StatCard, TopBar } from '@starforge/ui';
import { achievementsOrDefaults } from '../features/achievements/achievement-view';
import { useAchievements } from '../features/achievements/api/achievements';
import { AchievementsGrid } from '../features/achievements/components/achievements-grid';
import { ConvertForm } from '../features/conversion/components/convert-form';
import { PointsBalanceCard } from '../features/stats/components/points-balance-card';
import { useSummary } from '../shared/api/summary';
import { formatCount } from '../shared/lib/format';
import { rewardsNavLinks } from './nav-links';
import './screens.css';

/** /rewards (Rewards & Achievements): four stat cards, the six achievements, and converting points to cash. */
export function RewardsPage() {
  const { summary, loading } = useSummary();
  const { achievements, loading: achievementsLoading } = useAchievements();
  const list = achievementsOrDefaults(achievements);
  const unlocked = list.filter((a) => a.unlocked_at !== null).length;
  return (
    <>
      <TopBar links={rewardsNavLinks.filter((l) => l.to !== '/rewards')} />
      <main className="sf-main rewards-screen">
        <header className="rewards-screen-header">
          <h1>Rewards &amp; Achievements</h1>
          <p className="sf-muted">Earn points by testing and minting, unlock achievements, and turn points into cash.</p>
        </header>
        <div className="sf-stat-grid">
          <PointsBalanceCard summary={summary} loading={loading} />
          <StatCard label="Weekly Points" value={formatCount(summary.weekly_points)} loading={loading} />
          <StatCard label="Cash Balance" value={formatCents(summary.cash_balance_cents)} to="/balance" loading={loading} />
          <StatCard label="Achievements" value={`${unlocked}/${list.length}`} loading={achievementsLoading} />
        </div>
        <div className="rewards-screen-columns">
          <section aria-labelledby="rewards-achievements-title">
            <h2 id="rewards-achievements-title">Achievements</h2>
            <AchievementsGrid achievements={list} loading={achievementsLoading} />
          </section>
          <ConvertForm />
        </div>
      </main>
    </>
  );
}
