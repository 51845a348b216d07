import { useId } from 'react';
import type { Bounty } from '@starforge/contracts/bounties';
import { claimPeriodText, reviewTimeText } from '@starforge/contracts/bounties';
import { formatDate } from '@starforge/contracts/shared';
import { formatCents } from '@starforge/contracts/shared';
import { Badge } from '@starforge/ui';
import { ClaimDeadline, showsClaimDeadline } from '../../../shared/components/claim-deadline';
// Shared with the open list until mfe-bounties/src/shared has the bounty's badges.
import { SeverityBadge } from '../../../shared/components/severity-badge';
import './bounty-work.css';

const statusLabels: Record<Bounty['status'], string> = { open: 'Open', claimed: 'Claimed', closed: 'Closed' };

/**
 * The bounty a completion is about (the claimer's and the creator's screens): title, severity,
 * status, description, reward, project, creator, when it was posted, how long its creator
 * took to review (the last submission to its review), its claim period and, to the creator and the
 * claimer, when the running claim lapses (issue 26).
 */
export function BountySummary({ bounty }: { bounty: Bounty }) {
  const ids = useId();
  return (
    <section className="sf-card bounty-summary" aria-labelledby={`${ids}-title`} data-testid="bounty-summary" data-status={bounty.status}>
      <div className="bounty-summary-head">
        <h2 id={`${ids}-title`}>{bounty.title}</h2>
        <SeverityBadge severity={bounty.severity} />
        <Badge tone={bounty.status === 'closed' ? 'success' : 'info'}>
          <span className="sf-visually-hidden">Status: </span>
          {statusLabels[bounty.status]}
        </Badge>
      </div>
      <p className="bounty-summary-description">{bounty.description}</p>
      <dl className="bounty-facts">
        <div>
          <dt>Reward</dt>
          <dd className="bounty-reward" data-testid="bounty-reward">
            {formatCents(bounty.reward_cents)}
          </dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd data-testid="bounty-project">{bounty.project_name}</dd>
        </div>
        <div>
          <dt>Created by</dt>
          <dd>{bounty.created_by_me ? 'You' : bounty.creator_name}</dd>
        </div>
        <div>
          <dt>Posted</dt>
          <dd>
            <time dateTime={bounty.created_at}>{formatDate(bounty.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Claim period</dt>
          <dd data-testid="bounty-claim-period">{claimPeriodText(bounty.claim_days)}</dd>
        </div>
        {showsClaimDeadline(bounty) ? (
          <div>
            <dt>Claim</dt>
            <dd data-testid="bounty-claim-deadline">
              <ClaimDeadline bounty={bounty} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Review time</dt>
          <dd data-testid="bounty-review-time">{bounty.review_seconds === null ? 'Not reviewed yet' : reviewTimeText(bounty.review_seconds)}</dd>
        </div>
      </dl>
    </section>
  );
}
