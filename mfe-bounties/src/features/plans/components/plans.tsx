import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { UPGRADE_REDIRECT_MS } from '@starforge/contracts/bounties';
import { Spinner } from '@starforge/ui';
import { useSubscription } from '../../../shared/api/subscription';
import { PlanCard } from './plan-card';
import { ProStatus } from './pro-status';
import { UpgradePayment } from './upgrade-payment';
import './plans.css';

const paymentId = 'pro-upgrade-payment';

/** The plans for a visitor who is not signed in: Upgrade leads to sign-in first. */
export function GuestPlans() {
  return (
    <div className="plans-grid">
      <PlanCard plan="free" />
      <PlanCard plan="pro">
        <Link to="/auth" className="sf-btn sf-btn-primary sf-btn-block">
          Upgrade to Pro
        </Link>
      </PlanCard>
    </div>
  );
}

/**
 * The plans for a signed-in user, their own marked current (live: an upgrade or downgrade in
 * another tab shows here). Free: Upgrade opens the payment, and after 'Successfully upgraded to
 * Pro!' the dashboard follows in 1.5 s. Pro: active since when, and Downgrade.
 */
export function MemberPlans() {
  const navigate = useNavigate();
  const { subscription, isPro, loading, failed, refetch } = useSubscription();
  const [paying, setPaying] = useState(false);
  const [upgraded, setUpgraded] = useState(false);
  useEffect(() => {
    if (!upgraded) return;
    const timer = setTimeout(() => navigate('/dashboard'), UPGRADE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [upgraded, navigate]);

  if (loading) return <Spinner label="Loading your plan..." />;
  if (failed || !subscription) {
    return (
      <section className="sf-card bounties-empty" role="alert">
        <p>Your plan could not be read.</p>
        <button type="button" className="sf-btn sf-btn-primary" onClick={refetch}>
          Try again
        </button>
      </section>
    );
  }
  return (
    <>
      <div className="plans-grid">
        <PlanCard plan="free" current={!isPro} />
        <PlanCard plan="pro" current={isPro}>
          {isPro ? (
            <ProStatus subscription={subscription} onChanged={refetch} redirecting={upgraded} />
          ) : (
            <button
              type="button"
              className="sf-btn sf-btn-primary sf-btn-block"
              aria-expanded={paying}
              aria-controls={paying ? paymentId : undefined}
              onClick={() => setPaying((open) => !open)}
            >
              {paying ? 'Hide payment' : 'Upgrade to Pro'}
            </button>
          )}
        </PlanCard>
      </div>
      {paying && !isPro ? (
        <UpgradePayment
          id={paymentId}
          onUpgraded={() => {
            setUpgraded(true);
            setPaying(false);
            refetch();
          }}
        />
      ) : null}
    </>
  );
}
