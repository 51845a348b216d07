import { useSessionState } from '@starforge/host';
import { GuestTopBar, Spinner, TopBar } from '@starforge/ui';
import { PricingFaq } from '../features/plans/components/pricing-faq';
import { GuestPlans, MemberPlans } from '../features/plans/components/plans';
import { pricingLinks } from './nav-links';
import '../shared/components/bounties.css';

/** /pricing (public): the Free and Pro plans, what each includes, upgrading or downgrading when signed in, and the FAQ. */
export function PricingPage() {
  const session = useSessionState();
  return (
    <>
      {session.status === 'signed_in' ? <TopBar links={pricingLinks} /> : <GuestTopBar />}
      <main className="sf-main bounties-screen">
        <header className="bounties-screen-header">
          <div>
            <h1>Pricing</h1>
            <p className="sf-muted">Take part in bug bounties for free; post your own with Pro.</p>
          </div>
        </header>
        {session.status === 'loading' ? <Spinner label="Loading the plans..." /> : session.status === 'signed_in' ? <MemberPlans /> : <GuestPlans />}
        <PricingFaq />
      </main>
    </>
  );
}
