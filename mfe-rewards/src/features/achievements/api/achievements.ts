import type { Achievement } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/rewards/achievements: the six, in spec order, with the user's progress. */
const getAchievements = async (): Promise<Achievement[]> =>
  (await authedRequest<{ achievements: Achievement[] }>('/api/rewards/achievements', { method: 'GET' })).achievements;

const spec = { key: '/api/rewards/achievements', load: getAchievements, events: ['rewards.account_changed'], failure: { what: 'achievements' } } as const;

/** The achievements, read again when the account changes. A failed read is logged. */
export const useAchievements = () => {
  const { status, data } = useLiveResource(spec);
  return { achievements: data, loading: status === 'loading' };
};
