import type { Bounty } from '@starforge/contracts/bounties';
import { bountiesErrorCodes, bountiesMessages } from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { useClaimBounty } from '../api/claim-bounty';

/**
 * Claim Bounty: the server decides who is first ('Bug bounty claimed successfully!'); someone
 * quicker gets its own words ('This bounty is no longer open'), anything else 'Failed to claim
 * bug bounty'. The list refetches either way (a lost race removes the card).
 */
export function ClaimButton({ bounty, onClaimed }: { bounty: Bounty; onClaimed: () => void }) {
  const claim = useClaimBounty();
  const action = useFormAction({
    name: 'bounty claim',
    check: () => ({ ok: true }) as const,
    run: () => claim.run(bounty.id),
    success: () => bountiesMessages.claimed,
    onSuccess: onClaimed,
    failure: (error) => {
      onClaimed();
      return failureMessage(error, {
        fallback: bountiesMessages.claimFailed,
        codes: { [bountiesErrorCodes.notOpen]: bountiesMessages.notOpen, [bountiesErrorCodes.ownBounty]: bountiesMessages.ownBounty },
        show: () => false,
      });
    },
  });
  return (
    <button type="button" className="sf-btn sf-btn-primary sf-btn-block" onClick={() => void action.run()} disabled={claim.busy} aria-busy={claim.busy}>
      {claim.busy ? 'Claiming...' : bountiesMessages.claimBounty}
      <span className="sf-visually-hidden"> {bounty.title}</span>
    </button>
  );
}
