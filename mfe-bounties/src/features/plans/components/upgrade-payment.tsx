import { bountiesErrorCodes, bountiesMessages, PRO_PLAN_PRICE_CENTS } from '@starforge/contracts/bounties';
import { failureMessage } from '@starforge/host';
import { CardPaymentForm, PaymentMethods, SolanaPay } from '@starforge/payments/browser';
import { useSolanaUpgrade } from '../api/solana-upgrade';
import { useSolanaUpgradeRequest } from '../api/solana-upgrade-request';
import { useUpgradeByCard } from '../api/upgrade-by-card';

/** 'Failed to upgrade subscription', or the server's own words for a refusal (a declined request, an expired Solana request). */
const upgradeFailure = (error: unknown): string =>
  failureMessage(error, { fallback: bountiesMessages.upgradeFailed, codes: { [bountiesErrorCodes.alreadyPro]: bountiesMessages.alreadyPro } });

/** The $29 for Pro, by card or with a Solana wallet (the kit's payment, the marketplace's own): 'Successfully upgraded to Pro!', then `onUpgraded`. */
export function UpgradePayment({ id, onUpgraded }: { id: string; onUpgraded: () => void }) {
  const card = useUpgradeByCard();
  const prepare = useSolanaUpgradeRequest();
  const settle = useSolanaUpgrade();
  const outcome = { success: () => bountiesMessages.upgraded, onSuccess: onUpgraded, failure: upgradeFailure };
  return (
    <div id={id} className="plans-payment">
      <PaymentMethods
        title="Pay for Pro"
        card={<CardPaymentForm amountCents={PRO_PLAN_PRICE_CENTS} processorApi="/api/bounties" pay={card} {...outcome} />}
        solana={<SolanaPay totalCents={PRO_PLAN_PRICE_CENTS} requestPayment={() => prepare.run()} settle={settle.run} {...outcome} />}
      />
    </div>
  );
}
