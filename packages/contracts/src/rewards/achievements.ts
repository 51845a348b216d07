/** Spec section 9's achievements. */

export const ACHIEVEMENT_CODES = ['first_test', 'nft_creator', 'test_master', 'nft_collector', 'perfectionist', 'weekly_warrior'] as const;

export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];

/** What an achievement counts: tests run, NFTs minted, success rate (%), points this ISO week. */
export type AchievementMeasure = 'tests' | 'nfts' | 'success_rate' | 'weekly_points';

export interface AchievementDefinition {
  code: AchievementCode;
  name: string;
  description: string;
  measure: AchievementMeasure;
  target: number;
  points: number;
}

/**
 * Spec section 9's six achievements. Perfectionist also needs 10 tests run: a success rate
 * over one or two tests says nothing, and 500 points would be had for a single lucky run.
 */
export const PERFECTIONIST_MIN_TESTS = 10;

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { code: 'first_test', name: 'First Test', description: 'Run your first test', measure: 'tests', target: 1, points: 50 },
  { code: 'nft_creator', name: 'NFT Creator', description: 'Mint your first NFT', measure: 'nfts', target: 1, points: 100 },
  { code: 'test_master', name: 'Test Master', description: 'Run 10 tests', measure: 'tests', target: 10, points: 250 },
  { code: 'nft_collector', name: 'NFT Collector', description: 'Mint 5 NFTs', measure: 'nfts', target: 5, points: 300 },
  {
    code: 'perfectionist',
    name: 'Perfectionist',
    description: `Keep a 95% success rate over at least ${PERFECTIONIST_MIN_TESTS} tests`,
    measure: 'success_rate',
    target: 95,
    points: 500,
  },
  { code: 'weekly_warrior', name: 'Weekly Warrior', description: 'Earn 500 points in one week', measure: 'weekly_points', target: 500, points: 200 },
];
