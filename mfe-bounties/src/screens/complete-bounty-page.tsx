import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { useLeaveOnFailure } from '@starforge/host';
import { Spinner, TopBar } from '@starforge/ui';
import { useCompletion } from '../features/completion/api/completion';
import { BountySummary } from '../features/completion/components/bounty-summary';
import { CompletionForm } from '../features/completion/components/completion-form';
import { CompletionStatus } from '../features/completion/components/completion-status';
import { ProofBlock } from '../shared/components/proof/proof-block';
import { ReleaseClaim } from '../shared/components/release-claim';
import { completeLinks } from './nav-links';

/**
 * /bounty/:id/complete (the bounty's claimer only; the server refuses anyone else, who lands on
 * /bounties with 'Failed to load bounty details', except its creator, who is sent to its review): the bounty with its claim's deadline, the completion's status with the
 * review notes (live when the creator reviews), the proof form while it can still change, and
 * Release Claim (issue 26: the claimer goes to the open list). A claim that ends while the screen
 * is open (it lapsed) says so in place of the form. A completion with an executable proof (issue 28)
 * shows the proof's verdict, live when its run finishes.
 */
export function CompleteBountyPage() {
  const { id = '' } = useParams();
  const { answer, failed, creatorHere, ended, refetch } = useCompletion(id);
  useLeaveOnFailure(failed, bountiesMessages.loadBountyFailed, '/bounties');
  const navigate = useNavigate();
  useEffect(() => {
    if (creatorHere) navigate(`/bounty/${encodeURIComponent(id)}/review`, { replace: true });
  }, [creatorHere, id, navigate]);
  const completion = answer?.completion ?? null;
  const canSubmit = !ended && answer?.bounty.status === 'claimed' && completion?.status !== 'approved';

  return (
    <>
      <TopBar links={completeLinks} />
      <main className="sf-main bounty-work-screen">
        <header>
          <h1>Complete Bounty</h1>
          <p className="sf-muted">Submit the proof of your work; the bounty’s creator reviews it and releases the reward.</p>
        </header>
        {!answer ? (
          <Spinner label="Loading bounty details..." />
        ) : (
          <>
            <BountySummary bounty={answer.bounty} />
            {ended ? (
              <section className="sf-card bounty-claim-ended" role="status" data-testid="claim-ended">
                <p>{bountiesMessages.claimEnded}</p>
                <Link to="/bug-bounties" className="sf-btn sf-btn-secondary">
                  Browse Open Bounties
                </Link>
              </section>
            ) : (
              <CompletionStatus bounty={answer.bounty} completion={completion} />
            )}
            {completion?.proof ? <ProofBlock bountyId={answer.bounty.id} proof={completion.proof} onRerun={refetch} /> : null}
            {canSubmit ? (
              <>
                <CompletionForm key={completion?.id ?? 'first'} bounty={answer.bounty} completion={completion} onSubmitted={refetch} />
                <section className="sf-card bounty-release" aria-labelledby="release-claim-title">
                  <h2 id="release-claim-title">Give the Claim Up</h2>
                  <p className="sf-muted">Not going to finish it? Release your claim so someone else can take the bounty.</p>
                  <ReleaseClaim bounty={answer.bounty} onReleased={() => navigate('/bug-bounties')} />
                </section>
              </>
            ) : null}
          </>
        )}
      </main>
    </>
  );
}
