import type { Tier } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/rewards/tiers: Free, Bronze, Silver, Gold, ascending required_tokens. */
const getTiers = async (): Promise<Tier[]> => (await authedRequest<{ tiers: Tier[] }>('/api/rewards/tiers', { method: 'GET' })).tiers;

// Tiers are seeded, not changed by users: no event makes them stale (a stream gap still rereads them).
const spec = { key: '/api/rewards/tiers', load: getTiers, events: [], failure: { what: 'tiers' } } as const;

export const useTiers = () => {
  const { status, data } = useLiveResource(spec);
  return { tiers: data ?? [], loading: status === 'loading', failed: status === 'error' && !data };
};
