import type { Bounty } from '@starforge/contracts/bounties';
import { bountiesMessages, claimPeriodText, reviewTimeText } from '@starforge/contracts/bounties';
import { formatDate } from '@starforge/contracts/shared';
import { formatCents } from '@starforge/contracts/shared';
import { ClaimButton } from './claim-button';
import { SeverityBadge } from '../../../shared/components/severity-badge';
import './open-bounties.css';

/**
 * One open bounty: title, severity, description, reward, project, when it was posted (and how
 * long its creator took to review, once it has been), how long a claim lives without a completion,
 * and Claim Bounty, never on one's own.
 */
export function OpenBountyCard({ bounty, onChanged }: { bounty: Bounty; onChanged: () => void }) {
  return (
    <li className="sf-card bounty-card" data-testid="open-bounty" data-bounty-id={bounty.id}>
      <div className="bounty-card-head">
        <h2 className="bounty-card-title">{bounty.title}</h2>
        <SeverityBadge severity={bounty.severity} />
      </div>
      <p className="bounty-card-description">{bounty.description}</p>
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
          <dt>Posted</dt>
          <dd>
            <time dateTime={bounty.created_at}>{formatDate(bounty.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Claim period</dt>
          <dd data-testid="bounty-claim-period">{claimPeriodText(bounty.claim_days)}</dd>
        </div>
        {bounty.review_seconds !== null ? (
          <div>
            <dt>Review time</dt>
            <dd data-testid="bounty-review-time">{reviewTimeText(bounty.review_seconds)}</dd>
          </div>
        ) : null}
      </dl>
      {bounty.created_by_me ? (
        <p className="bounty-card-own" data-testid="bounty-own">
          {bountiesMessages.createdByYou}
        </p>
      ) : (
        <ClaimButton bounty={bounty} onClaimed={onChanged} />
      )}
    </li>
  );
}
