import type { Achievement } from '@starforge/contracts/rewards';
import type { Db } from '@starforge/service-kit';
import { isoOrNull } from './numbers';

interface AchievementRow {
  code: Achievement['code'];
  name: string;
  description: string;
  points: number;
  target: number;
  progress: number;
  unlockedAt: Date | null;
}

/** The six achievements in spec order, with where the caller stands and when each unlocked. */
export const listAchievements = async (db: Db, userId: string): Promise<Achievement[]> => {
  const rows = await db<AchievementRow[]>`
    select a.code, a.name, a.description, a.points, a.target,
           case when s.user_id is null then 0 else rewards.achievement_progress(a.measure, s) end as progress,
           u.unlocked_at
    from rewards.achievements a
    left join rewards.leaderboard_stats s on s.user_id = ${userId}
    left join rewards.user_achievements u on u.user_id = ${userId} and u.code = a.code
    order by a.sort_order`;
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    description: r.description,
    points: r.points,
    target: r.target,
    progress: r.progress,
    unlocked_at: isoOrNull(r.unlockedAt),
  }));
};
