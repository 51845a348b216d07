import { useId, type ReactNode } from 'react';
import { type Plan, PRO_PLAN_PRICE_CENTS, planFeatures, planNames } from '@starforge/contracts/bounties';
import { Badge } from '@starforge/ui';

const priceCents: Record<Plan, number> = { free: 0, pro: PRO_PLAN_PRICE_CENTS };

/** Whole dollars as prices are quoted ("$29"), cents only when there are some. */
const quote = (cents: number): string => (cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`);

/** One plan: its name, its monthly price, what it includes, and what the visitor can do about it (`children`). */
export function PlanCard({ plan, current = false, children }: { plan: Plan; current?: boolean; children?: ReactNode }) {
  const id = useId();
  return (
    <section className={`sf-card plans-card${plan === 'pro' ? ' is-pro' : ''}${current ? ' is-current' : ''}`} aria-labelledby={`${id}-name`}>
      <div className="plans-card-head">
        <h2 id={`${id}-name`}>{planNames[plan]}</h2>
        {current ? <Badge tone="success">Current Plan</Badge> : null}
      </div>
      <p className="plans-price">
        <span data-testid="plan-price">{quote(priceCents[plan])}</span>
        <span className="sf-muted">/month</span>
      </p>
      <ul className="plans-features" aria-label={`${planNames[plan]} includes`}>
        {planFeatures[plan].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {children ? <div className="plans-card-actions">{children}</div> : null}
    </section>
  );
}
