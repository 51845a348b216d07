import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner, TopBar, type TopBarLink } from '@starforge/ui';
import { useCompletion } from '../features/completion/api/completion';
import { BountySummary } from '../features/completion/components/bounty-summary';
import { CompletionForm } from '../features/completion/components/completion-form';
import { CompletionStatus } from '../features/completion/components/completion-status';
import { useLeaveOnLoadFailure } from '../features/completion/lib/leave-on-load-failure';

const links: TopBarLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/bounties', label: 'Bounties' },
  { to: '/bug-bounties', label: 'Open Bounties' },
];

/**
 * /bounty/:id/complete (the bounty's claimer only; the server refuses anyone else, who lands on
 * /bounties with 'Failed to load bounty details', except its creator, who is sent to its review): the bounty, the completion's status with the
 * review notes (live when the creator reviews), and the proof form while it can still change.
 */
export function CompleteBountyPage() {
  const { id = '' } = useParams();
  const { answer, failed, creatorHere, refetch } = useCompletion(id);
  useLeaveOnLoadFailure(failed);
  const navigate = useNavigate();
  useEffect(() => {
    if (creatorHere) navigate(`/bounty/${encodeURIComponent(id)}/review`, { replace: true });
  }, [creatorHere, id, navigate]);
  const completion = answer?.completion ?? null;
  const canSubmit = answer?.bounty.status === 'claimed' && completion?.status !== 'approved';

  return (
    <>
      <TopBar links={links} />
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
            <CompletionStatus bounty={answer.bounty} completion={completion} />
            {canSubmit ? <CompletionForm key={completion?.id ?? 'first'} bountyId={answer.bounty.id} completion={completion} onSubmitted={refetch} /> : null}
          </>
        )}
      </main>
    </>
  );
}
