import type { Bounty } from '@starforge/contracts/bounties';
import { bountiesErrorCodes, bountiesMessages } from '@starforge/contracts/bounties';
import { formatCents } from '@starforge/contracts/shared';
import { failureMessage, useFormAction } from '@starforge/host';
import { ConfirmButton } from '@starforge/ui';
import { useCloseBounty } from '../api/close-bounty';

/** The creator's Close while the bounty is open (asked first): its held reward returns to their cash. */
export function CloseBounty({ bounty }: { bounty: Bounty }) {
  const close = useCloseBounty();
  const form = useFormAction({
    name: 'bounty close',
    check: () => ({ ok: true }) as const,
    run: () => close.run(bounty.id),
    success: () => bountiesMessages.closed,
    failure: (error) =>
      failureMessage(error, { fallback: bountiesMessages.closeFailed, codes: { [bountiesErrorCodes.notClosable]: bountiesMessages.notClosable } }),
  });
  return (
    <ConfirmButton
      label="Close Bounty"
      question={
        bounty.reward_cents > 0 ? `Close “${bounty.title}”? Its ${formatCents(bounty.reward_cents)} reward returns to your cash.` : `Close “${bounty.title}”?`
      }
      confirm="Close and Return Reward"
      cancel="Keep Open"
      busy={close.busy}
      onConfirm={() => void form.run()}
      error={form.error}
    />
  );
}
