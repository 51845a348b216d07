import { ACHIEVEMENTS, type AchievementMeasure } from '@starforge/contracts/rewards';
import type { Achievement } from '@starforge/contracts/rewards';

const measureOf = new Map<string, AchievementMeasure>(ACHIEVEMENTS.map((a) => [a.code, a.measure]));

/** "3 / 10 tests", "95.0% / 95% success", "120 / 500 points this week". */
export const progressText = (achievement: Achievement): string => {
  const measure = measureOf.get(achievement.code);
  const shown = Math.min(achievement.progress, achievement.target);
  switch (measure) {
    case 'success_rate':
      return `${shown.toFixed(1)}% / ${achievement.target}% success`;
    case 'weekly_points':
      return `${shown.toLocaleString('en-US')} / ${achievement.target.toLocaleString('en-US')} points this week`;
    case 'nfts':
      return `${shown} / ${achievement.target} NFTs`;
    default:
      return `${shown} / ${achievement.target} tests`;
  }
};

/**
 * The six achievements as the page lists them: the server's when it answered, otherwise the
 * spec's list with no progress (spec section 8: a failed read shows defaults).
 */
export const achievementsOrDefaults = (achievements: Achievement[] | undefined): Achievement[] =>
  achievements ??
  ACHIEVEMENTS.map((a) => ({ code: a.code, name: a.name, description: a.description, points: a.points, target: a.target, progress: 0, unlocked_at: null }));
