import { useNavigate } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { solanaPaymentMessages } from '@starforge/payments/wire';
import { CardPaymentForm, PaymentMethods, SolanaPay } from '@starforge/payments/browser';
import { useCardCheckout } from '../api/checkout-card';
import { useSolanaCheckout } from '../api/checkout-solana';
import { useSolanaPaymentRequest } from '../api/solana-payment-request';
import { checkoutFailure } from '../checkout-failure';
import { type Order, orderProblem } from '../order';
import { OrderSummary } from './order-summary';

/**
 * The order summary beside the payment (the kit's tabs Credit Card and Solana) with the
 * marketplace's checkouts: the buyer lands on /nfts ('Payment processed successfully!' or
 * 'Payment completed with Solana!', 'NFT purchased successfully!' for one NFT). After a refusal
 * the order is read again, so the summary shows why.
 */
export function Checkout({ order }: { order: Order }) {
  const navigate = useNavigate();
  const card = useCardCheckout();
  const prepare = useSolanaPaymentRequest();
  const settle = useSolanaCheckout();
  const outcome = (fallback: string, paid: string) => ({
    problem: orderProblem(order),
    success: () => (order.kind === 'nft' ? marketplaceMessages.nftPurchased : paid),
    onSuccess: () => {
      order.refetch();
      navigate('/nfts');
    },
    failure: (error: unknown) => {
      order.refetch();
      return checkoutFailure(error, fallback);
    },
  });
  return (
    <div className="market-columns">
      <OrderSummary order={order} />
      <PaymentMethods
        card={
          <CardPaymentForm
            amountCents={order.total_cents}
            processorApi="/api/marketplace"
            pay={{ run: (details) => card.run({ ...order.target, ...details }), busy: card.busy }}
            {...outcome(marketplaceMessages.paymentFailed, marketplaceMessages.paymentProcessed)}
          />
        }
        solana={
          <SolanaPay
            totalCents={order.total_cents}
            requestPayment={() => prepare.run(order.target)}
            settle={settle.run}
            {...outcome(solanaPaymentMessages.solanaPaymentFailed, solanaPaymentMessages.solanaPaymentCompleted)}
          />
        }
      />
    </div>
  );
}
