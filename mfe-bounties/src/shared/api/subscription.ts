import type { Subscription } from '@starforge/contracts/bounties';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/bounties/subscription: the caller's plan (Free until an upgrade; Pro with its start). */
const getSubscription = async (): Promise<Subscription> =>
  (await authedRequest<{ subscription: Subscription }>('/api/bounties/subscription', { method: 'GET' })).subscription;

const spec = {
  key: '/api/bounties/subscription',
  load: getSubscription,
  events: ['bounties.subscription_changed'],
  failure: { what: 'the subscription' },
} as const;

/** The signed-in user's plan, read again when it changes (an upgrade or a downgrade in any tab). Mount it only when signed in. */
export const useSubscription = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return {
    subscription: data,
    isPro: data?.plan === 'pro' && data.is_active,
    loading: status === 'loading' && !data,
    failed: status === 'error' && !data,
    refetch,
  };
};
