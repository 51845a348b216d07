import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Bounty, Completion } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { formatCents } from '@starforge/contracts/shared';
import { ProofBlock } from '../../../shared/components/proof/proof-block';
import { ReviewForm } from './review-form';
import { SubmittedSolution } from './submitted-solution';

/**
 * The pending completion and the decision on it; with nothing pending, 'No Pending Completion
 * Found' (and what this creator last decided here, if anything). A completion submitted while the
 * screen is open appears live.
 */
export function ReviewPanel({ bounty, completion, onReviewed }: { bounty: Bounty; completion: Completion | null; onReviewed: () => void }) {
  const [decided, setDecided] = useState<Completion | null>(null);
  if (completion && completion.status === 'pending') {
    return (
      <>
        <SubmittedSolution completion={completion} />
        {completion.proof ? <ProofBlock bountyId={bounty.id} proof={completion.proof} onRerun={onReviewed} /> : null}
        <ReviewForm
          key={`${completion.id}:${completion.completed_at}`}
          bounty={bounty}
          completion={completion}
          onReviewed={(reviewed) => {
            setDecided(reviewed);
            onReviewed();
          }}
        />
      </>
    );
  }
  return (
    <section className="sf-card" aria-labelledby="no-pending-title" data-testid="no-pending-completion">
      <h2 id="no-pending-title">{bountiesMessages.noPendingTitle}</h2>
      <p className="sf-muted">{bountiesMessages.noPending}</p>
      {decided ? (
        <p role="status" data-testid="review-outcome">
          {decided.status === 'approved'
            ? `You approved the completion: ${formatCents(bounty.reward_cents)} was released to the claimer.`
            : 'You rejected the completion: the claimer can update it and submit again.'}
        </p>
      ) : null}
      <Link to="/bounties" className="sf-btn sf-btn-secondary">
        Back to Bug Bounties
      </Link>
    </section>
  );
}
