import { useParams } from 'react-router-dom';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { useLeaveOnFailure } from '@starforge/host';
import { Spinner, TopBar } from '@starforge/ui';
import { BountySummary } from '../features/completion/components/bounty-summary';
import { useReview } from '../features/review/api/review';
import { ReviewPanel } from '../features/review/components/review-panel';
import { reviewLinks } from './nav-links';

/**
 * /bounty/:id/review (the bounty's creator only; the server refuses anyone else the proof, who
 * lands on /bounties with 'Failed to load bounty details'): the bounty, the submitted solution and
 * the decision on it, live when the claimer submits.
 */
export function ReviewBountyPage() {
  const { id = '' } = useParams();
  const { answer, failed, refetch } = useReview(id);
  useLeaveOnFailure(failed, bountiesMessages.loadBountyFailed, '/bounties');

  return (
    <>
      <TopBar links={reviewLinks} />
      <main className="sf-main bounty-work-screen">
        <header>
          <h1>Review Completion</h1>
          <p className="sf-muted">Check the claimer’s proof, then release the reward or send it back with your notes.</p>
        </header>
        {!answer ? (
          <Spinner label="Loading bounty details..." />
        ) : (
          <>
            <BountySummary bounty={answer.bounty} />
            <ReviewPanel bounty={answer.bounty} completion={answer.completion} onReviewed={refetch} />
          </>
        )}
      </main>
    </>
  );
}
