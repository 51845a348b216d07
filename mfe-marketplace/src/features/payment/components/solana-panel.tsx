import { useNavigate } from 'react-router-dom';
import { shortAddress } from '@starforge/contracts/constants';
import { marketplaceErrorCodes, marketplaceMessages } from '@starforge/contracts/marketplace-constants';
import { formatLamportsAsSol, lamportsOfCents } from '@starforge/contracts/marketplace-solana';
import { formatCents } from '@starforge/contracts/money';
import { getPhantomProvider, useAction, useFormAction, useUser, useWalletConnection } from '@starforge/host';
import { WalletButton } from '@starforge/ui';
import { useSolanaCheckout } from '../api/checkout-solana';
import { useSolanaPaymentRequest } from '../api/solana-payment-request';
import { checkoutFailure } from '../checkout-failure';
import type { Order } from '../order';
import { requestMatchesTotal, solanaInput } from '../solana-input';
import { paymentTransaction, signedTransactionBase64 } from '../solana-transaction';

const orderChanged = () => Object.assign(new Error(marketplaceMessages.orderChanged), { code: marketplaceErrorCodes.orderChanged });

/**
 * The Solana tab (its own chunk, with @solana/web3.js: it loads when the tab opens). The total / 100
 * in SOL; the wallet (connect it here, as the wallet control does); Pay: the server issues a payment
 * request, the wallet signs the transfer it describes (signTransaction), and the server verifies
 * and settles it.
 */
export function SolanaPanel({ order }: { order: Order }) {
  const navigate = useNavigate();
  const user = useUser();
  const connection = useWalletConnection();
  const { wallet } = connection;
  const walletAddress = wallet.status === 'connected' ? wallet.address : '';
  const prepare = useSolanaPaymentRequest();
  const checkout = useSolanaCheckout();
  // The whole payment is one press: one request, one signature, one checkout (each call retried alone, with its own key).
  const payment = useAction(
    async (_call, payer: string) => {
      const provider = getPhantomProvider();
      if (!provider) throw new Error(marketplaceMessages.connectWallet);
      const request = await prepare.run(order.target);
      if (!request) return undefined;
      if (!requestMatchesTotal(request, order.total_cents)) throw orderChanged();
      const signed = await provider.signTransaction(paymentTransaction(request, payer));
      return checkout.run({ request_id: request.id, wallet_address: payer, transaction: signedTransactionBase64(signed) });
    },
    { maxAttempts: 1 },
  );
  const form = useFormAction({
    name: 'solana payment',
    check: () => solanaInput({ signedIn: user !== null, walletAddress, canSign: getPhantomProvider() !== null, order }),
    run: (input) => payment.run(input.walletAddress),
    success: () => (order.kind === 'nft' ? marketplaceMessages.nftPurchased : marketplaceMessages.solanaPaymentCompleted),
    onSuccess: () => {
      order.refetch();
      navigate('/nfts');
    },
    failure: (error) => {
      order.refetch();
      return checkoutFailure(error, marketplaceMessages.solanaPaymentFailed);
    },
  });
  const sol = formatLamportsAsSol(lamportsOfCents(order.total_cents));

  return (
    <div className="market-solana">
      <p className="market-total">
        <span>Total in SOL</span>
        <span data-testid="sol-total">{sol} SOL</span>
      </p>
      <p className="sf-muted">{formatCents(order.total_cents)} at 1 SOL for every $100, paid from your Solana wallet.</p>
      {user === null ? (
        <p className="sf-field-error" role="alert">
          {marketplaceMessages.userNotAuthenticated}
        </p>
      ) : null}
      <div className="market-solana-wallet">
        {walletAddress ? <p>Paying from your connected wallet.</p> : <p data-testid="solana-connect-hint">{marketplaceMessages.connectWallet}</p>}
        <WalletButton {...connection} formatAddress={shortAddress} badgeTestId="solana-wallet-address" />
      </div>
      <form onSubmit={form.submit} noValidate>
        <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={payment.busy} aria-busy={payment.busy}>
          {payment.busy ? 'Waiting for your wallet...' : `Pay ${sol} SOL`}
        </button>
        {form.error ? (
          <p className="sf-field-error market-form-error" role="alert">
            {form.error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
