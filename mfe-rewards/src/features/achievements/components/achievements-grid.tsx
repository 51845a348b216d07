import { Badge, ProgressBar } from '@starforge/ui';
import type { Achievement } from '@starforge/contracts/rewards';
import { useScrollToHash } from '../../../shared/lib/use-scroll-to-hash';
import { progressText } from '../achievement-view';

/** The six achievements with progress; each card is `#achievement-<code>` (ledger rows link there). */
export function AchievementsGrid({ achievements, loading }: { achievements: Achievement[]; loading: boolean }) {
  useScrollToHash(!loading);
  return (
    <ul className="rewards-achievements" aria-busy={loading || undefined}>
      {achievements.map((a) => {
        const unlocked = a.unlocked_at !== null;
        return (
          <li key={a.code} id={`achievement-${a.code}`} className={`sf-card rewards-achievement${unlocked ? ' is-unlocked' : ''}`} data-unlocked={unlocked}>
            <div className="rewards-achievement-head">
              <h3>{a.name}</h3>
              {unlocked ? <Badge tone="success">Unlocked</Badge> : <Badge tone="neutral">Locked</Badge>}
            </div>
            <p className="sf-muted">{a.description}</p>
            <ProgressBar value={a.progress} max={a.target} label={`${a.name} progress`} />
            <p className="rewards-achievement-foot">
              <span>{progressText(a)}</span>
              <span>+{a.points} pts</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
