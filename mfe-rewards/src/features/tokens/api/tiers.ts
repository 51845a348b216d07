import type { Tier } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';
import { loggedRead } from '../../../shared/lib/logged-read';

/** GET /api/rewards/tiers: Free, Bronze, Silver, Gold, ascending required_tokens. */
const getTiers = async (): Promise<Tier[]> => (await authedRequest<{ tiers: Tier[] }>('/api/rewards/tiers', { method: 'GET' })).tiers;

// Tiers are seeded, not changed by users: no event makes them stale (a stream gap still rereads them).
const spec = { key: '/api/rewards/tiers', load: loggedRead('tiers', getTiers), events: [] } as const;

export const useTiers = () => {
  const { status, data } = useLiveResource(spec);
  return { tiers: data ?? [], loading: status === 'loading', failed: status === 'error' && !data };
};
