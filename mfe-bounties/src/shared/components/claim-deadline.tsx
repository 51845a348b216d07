import type { Bounty } from '@starforge/contracts/bounties';
import { claimPeriodText } from '@starforge/contracts/bounties';
import { formatWhen } from '@starforge/contracts/shared';

/** Whether the viewer sees a claim deadline on this bounty: its creator or its claimer, while it is claimed. */
export const showsClaimDeadline = (bounty: Bounty): boolean => bounty.status === 'claimed' && (bounty.created_by_me || bounty.claimed_by_me);

/**
 * When a claimed bounty's claim lapses, as its creator and its claimer see it (issue 26): the
 * time, or that the clock is stopped while a completion waits for review. Render it where
 * `showsClaimDeadline` holds.
 */
export function ClaimDeadline({ bounty }: { bounty: Bounty }) {
  return bounty.claim_lapses_at ? (
    <>
      Lapses <time dateTime={bounty.claim_lapses_at}>{formatWhen(bounty.claim_lapses_at)}</time> unless a completion is submitted
    </>
  ) : (
    <>Does not lapse while a completion waits for review (then {claimPeriodText(bounty.claim_days)} again after a rejection)</>
  );
}
