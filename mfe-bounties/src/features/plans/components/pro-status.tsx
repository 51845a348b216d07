import { formatWhen } from '@starforge/contracts/shared';
import type { Subscription } from '@starforge/contracts/bounties';
import { bountiesErrorCodes, bountiesMessages } from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { ConfirmButton } from '@starforge/ui';
import { useDowngrade } from '../api/downgrade';

/**
 * A Pro user's plan: active since its start, and Downgrade (asked first) back to Free ('You are
 * now on the Free plan'); right after the upgrade, where the page is going instead.
 */
export function ProStatus({ subscription, onChanged, redirecting }: { subscription: Subscription; onChanged: () => void; redirecting: boolean }) {
  const downgrade = useDowngrade();
  const form = useFormAction({
    name: 'downgrade',
    check: () => ({ ok: true }) as const,
    run: () => downgrade.run(),
    success: () => bountiesMessages.downgraded,
    onSuccess: onChanged,
    failure: (error) => failureMessage(error, { fallback: bountiesMessages.downgradeFailed, codes: { [bountiesErrorCodes.notPro]: bountiesMessages.notPro } }),
  });
  return (
    <>
      <p data-testid="plan-active-since">
        Active since {subscription.started_at ? <time dateTime={subscription.started_at}>{formatWhen(subscription.started_at)}</time> : 'your upgrade'}
      </p>
      {redirecting ? (
        <p role="status">Taking you to your dashboard...</p>
      ) : (
        <ConfirmButton
          label="Downgrade to Free"
          question="Return to the Free plan? Your existing bounties stay open, claimable and reviewable; creating new ones needs Pro."
          confirm="Confirm Downgrade"
          cancel="Keep Pro"
          busy={downgrade.busy}
          onConfirm={() => void form.run()}
          error={form.error}
        />
      )}
    </>
  );
}
