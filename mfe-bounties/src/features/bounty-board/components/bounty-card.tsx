import { Link } from 'react-router-dom';
import type { Bounty } from '@starforge/contracts/bounties';
import { bountiesMessages, claimPeriodText, reviewTimeText } from '@starforge/contracts/bounties';
import { formatDate } from '@starforge/contracts/shared';
import { formatCents } from '@starforge/contracts/shared';
import { Badge, type BadgeTone } from '@starforge/ui';
import { ClaimDeadline, showsClaimDeadline } from '../../../shared/components/claim-deadline';
import { ReleaseClaim } from '../../../shared/components/release-claim';
import { SeverityBadge } from '../../../shared/components/severity-badge';
import { CloseBounty } from './close-bounty';

const status: Record<Bounty['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'success' },
  claimed: { label: 'Claimed', tone: 'warning' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/**
 * One bounty: title, severity, reward, project, status, who posted it, its claim period (and, to
 * its creator and claimer, when the running claim lapses), and what the caller may do with it: its
 * creator reviews a claimed bounty's completion or closes an open one (the reward returned); its
 * claimer completes it or releases the claim. `onChanged` reads the grid again after a release.
 */
export function BountyCard({ bounty, onChanged }: { bounty: Bounty; onChanged: () => void }) {
  const claimed = bounty.status === 'claimed';
  return (
    <li className="sf-card bounties-card" data-testid="bounty-card" data-status={bounty.status}>
      <div className="bounties-card-head">
        <h2>{bounty.title}</h2>
        <SeverityBadge severity={bounty.severity} />
      </div>
      <p className="bounties-amount" data-testid="bounty-reward">
        {formatCents(bounty.reward_cents)}
      </p>
      <p className="bounties-card-description">{bounty.description}</p>
      <dl className="bounties-facts">
        <dt>Project</dt>
        <dd data-testid="bounty-project">{bounty.project_name}</dd>
        <dt>Status</dt>
        <dd data-testid="bounty-status">
          <Badge tone={status[bounty.status].tone}>{status[bounty.status].label}</Badge>
        </dd>
        <dt>Posted</dt>
        <dd>
          <time dateTime={bounty.created_at}>{formatDate(bounty.created_at)}</time>
          {bounty.created_by_me ? null : ` by ${bounty.creator_name}`}
        </dd>
        <dt>Claim period</dt>
        <dd data-testid="bounty-claim-period">{claimPeriodText(bounty.claim_days)}</dd>
        {showsClaimDeadline(bounty) ? (
          <>
            <dt>Claim</dt>
            <dd data-testid="bounty-claim-deadline">
              <ClaimDeadline bounty={bounty} />
            </dd>
          </>
        ) : null}
        {bounty.review_seconds !== null ? (
          <>
            <dt>Reviewed in</dt>
            <dd data-testid="bounty-review-time">{reviewTimeText(bounty.review_seconds)}</dd>
          </>
        ) : null}
      </dl>
      {bounty.created_by_me ? <p className="bounties-mine">{bountiesMessages.createdByYou}</p> : null}
      {bounty.claimed_by_me ? <p className="bounties-mine">{bountiesMessages.claimedByYou}</p> : null}
      <div className="bounties-card-actions">
        {bounty.created_by_me && claimed ? (
          <Link to={`/bounty/${bounty.id}/review`} className="sf-btn sf-btn-primary sf-btn-block">
            {bountiesMessages.reviewCompletion}
            <span className="sf-visually-hidden"> of {bounty.title}</span>
          </Link>
        ) : null}
        {bounty.claimed_by_me && claimed ? (
          <Link to={`/bounty/${bounty.id}/complete`} className="sf-btn sf-btn-primary sf-btn-block">
            {bountiesMessages.completeBounty}
            <span className="sf-visually-hidden"> {bounty.title}</span>
          </Link>
        ) : null}
        {bounty.claimed_by_me && claimed ? <ReleaseClaim bounty={bounty} onReleased={onChanged} /> : null}
        {bounty.created_by_me && bounty.status === 'open' ? <CloseBounty bounty={bounty} /> : null}
      </div>
    </li>
  );
}
