import type { Bounty } from '@starforge/contracts/bounties';
import { bountiesErrorCodes, bountiesMessages } from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { useReleaseClaim } from '../api/release-claim';
import { ConfirmButton } from '@starforge/ui';

/**
 * The claimer's Release Claim (asked first; issue 26): the bounty is open to anyone again and the
 * claimer's completion, if any, is withdrawn. 'Claim released: the bounty is open to claim again',
 * or the server's words when it was approved first.
 */
export function ReleaseClaim({ bounty, onReleased }: { bounty: Bounty; onReleased: () => void }) {
  const release = useReleaseClaim();
  const form = useFormAction({
    name: 'claim release',
    check: () => ({ ok: true }) as const,
    run: () => release.run(bounty.id),
    success: () => bountiesMessages.released,
    onSuccess: onReleased,
    failure: (error) =>
      failureMessage(error, {
        fallback: bountiesMessages.releaseFailed,
        codes: { [bountiesErrorCodes.alreadyApproved]: bountiesMessages.alreadyApproved },
      }),
  });
  return (
    <ConfirmButton
      label={bountiesMessages.releaseClaim}
      question={`Release your claim on “${bounty.title}”? The bounty is open to anyone again, and a completion you submitted is withdrawn.`}
      confirm={`Yes, ${bountiesMessages.releaseClaim}`}
      cancel="Keep Claim"
      busy={release.busy}
      onConfirm={() => void form.run()}
      error={form.error}
    />
  );
}
