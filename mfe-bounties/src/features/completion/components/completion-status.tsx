import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Bounty, Completion } from '@starforge/contracts/bounties';
import { formatCents } from '@starforge/contracts/shared';
import { formatWhen } from '@starforge/contracts/shared';
import { Badge, type BadgeTone } from '@starforge/ui';

const statusBadges: Record<Completion['status'], { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warning', label: 'Pending review' },
  approved: { tone: 'success', label: 'Approved' },
  rejected: { tone: 'danger', label: 'Rejected' },
};

/**
 * The claimer's completion as its creator left it: pending, approved (the reward paid to the
 * claimer's balance) or rejected, with the review notes. It changes live when the review lands,
 * and is announced then.
 */
export function CompletionStatus({ bounty, completion }: { bounty: Bounty; completion: Completion | null }) {
  const ids = useId();
  const badge = completion ? statusBadges[completion.status] : null;
  return (
    <section className="sf-card bounty-completion-status" aria-labelledby={`${ids}-title`} data-testid="completion-status">
      <h2 id={`${ids}-title`}>Completion Status</h2>
      <div role="status" aria-live="polite">
        {!completion || !badge ? (
          <p className="sf-muted">You have not submitted a completion yet. Describe what you found and how below, before your claim lapses.</p>
        ) : (
          <>
            <p className="bounty-status-line">
              <Badge tone={badge.tone}>{badge.label}</Badge>
              <span className="sf-muted">
                Submitted <time dateTime={completion.completed_at}>{formatWhen(completion.completed_at)}</time>
                {completion.reviewed_at ? (
                  <>
                    {' · '}reviewed <time dateTime={completion.reviewed_at}>{formatWhen(completion.reviewed_at)}</time>
                  </>
                ) : null}
              </span>
            </p>
            {completion.status === 'pending' ? (
              <p className="sf-muted">Waiting for the bounty’s creator to review it. You can still update your proof.</p>
            ) : completion.status === 'approved' ? (
              <p>
                Approved: {formatCents(bounty.reward_cents)} was paid to your balance.{' '}
                <Link to="/balance" className="sf-link">
                  View your balance
                </Link>
              </p>
            ) : (
              <p>Rejected: update your proof below and submit it again before your claim lapses (its time is in the summary above).</p>
            )}
            {completion.review_notes ? (
              <div className="bounty-review-notes">
                <h3>Review notes</h3>
                <p data-testid="completion-review-notes">{completion.review_notes}</p>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
