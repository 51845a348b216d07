import { planNames } from '@starforge/contracts/bounties';
import { Badge } from '@starforge/ui';
import type { Subscription } from '@starforge/contracts/bounties';

/** The caller's plan as a pill: 'Pro Plan' or 'Free Plan' (nothing while it is read). */
export function PlanBadge({ subscription }: { subscription: Subscription | undefined }) {
  if (!subscription) return null;
  const pro = subscription.plan === 'pro' && subscription.is_active;
  return (
    <span data-testid="plan-badge">
      <Badge tone={pro ? 'success' : 'neutral'}>{pro ? planNames.pro : planNames.free}</Badge>
    </span>
  );
}
