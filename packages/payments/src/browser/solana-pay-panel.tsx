import { shortAddress } from '@starforge/contracts/shared';
import { marketplaceErrorCodes, marketplaceMessages } from '@starforge/contracts/marketplace';
import { formatCents } from '@starforge/contracts/shared';
import { WalletButton } from '@starforge/ui';
// The package's own entry, not its files: the session, the wallet and the toasts are the one copy the shell shares.
import { getPhantomProvider, useAction, useFormAction, useUser, useWalletConnection } from '@starforge/host';
import type { PaymentOutcome } from './card-payment-form';
import { requestMatchesTotal, solanaInput } from './solana-input';
import { paymentTransaction, signedTransactionBase64 } from './solana-transaction';
import { formatLamportsAsSol, lamportsOfCents, type SolanaCheckoutRequest, type SolanaPaymentRequest, solanaPaymentMessages } from '../wire';

export interface SolanaPayProps<R> extends PaymentOutcome<R> {
  /** The total in cents; paid in SOL at total / 100. */
  totalCents: number;
  /** The domain's first step (its `useAction`): POST its payment request, read with solanaPaymentRequestSchema. */
  requestPayment: () => Promise<SolanaPaymentRequest | undefined>;
  /** The domain's second step (its `useAction`): POST the signed transaction; the server verifies and settles it. */
  settle: (body: SolanaCheckoutRequest) => Promise<R | undefined>;
}

const orderChanged = () => Object.assign(new Error(marketplaceMessages.orderChanged), { code: marketplaceErrorCodes.orderChanged });

/**
 * The Solana payment (its own chunk, with @solana/web3.js): the total / 100 in SOL; the wallet
 * (connect it here, as the wallet control does); Pay: the domain's server issues a payment
 * request, the wallet signs the transfer it describes (signTransaction; a request for another
 * total than the one shown is refused with `order_changed`), and the server verifies and settles it.
 */
export function SolanaPayPanel<R>({ totalCents, requestPayment, settle, problem = null, success, onSuccess, failure }: SolanaPayProps<R>) {
  const user = useUser();
  const connection = useWalletConnection();
  const { wallet } = connection;
  const walletAddress = wallet.status === 'connected' ? wallet.address : '';
  // The whole payment is one press: one request, one signature, one settlement (each call retried alone, with its own key).
  const payment = useAction(
    async (_call, payer: string) => {
      const provider = getPhantomProvider();
      if (!provider) throw new Error(solanaPaymentMessages.connectWallet);
      const request = await requestPayment();
      if (!request) return undefined;
      if (!requestMatchesTotal(request, totalCents)) throw orderChanged();
      const signed = await provider.signTransaction(paymentTransaction(request, payer));
      return settle({ request_id: request.id, wallet_address: payer, transaction: signedTransactionBase64(signed) });
    },
    { maxAttempts: 1 },
  );
  const form = useFormAction({
    name: 'solana payment',
    check: () => solanaInput({ signedIn: user !== null, walletAddress, canSign: getPhantomProvider() !== null, problem }),
    run: (input) => payment.run(input.walletAddress),
    success: (result) => success(result),
    onSuccess: (result) => onSuccess?.(result),
    failure,
  });
  const sol = formatLamportsAsSol(lamportsOfCents(totalCents));

  return (
    <div>
      <p className="sf-pay-total">
        <span>Total in SOL</span>
        <span data-testid="sol-total">{sol} SOL</span>
      </p>
      <p className="sf-muted">{formatCents(totalCents)} at 1 SOL for every $100, paid from your Solana wallet.</p>
      {user === null ? (
        <p className="sf-field-error" role="alert">
          {solanaPaymentMessages.userNotAuthenticated}
        </p>
      ) : null}
      <div className="sf-pay-wallet">
        {walletAddress ? <p>Paying from your connected wallet.</p> : <p data-testid="solana-connect-hint">{solanaPaymentMessages.connectWallet}</p>}
        <WalletButton {...connection} formatAddress={shortAddress} badgeTestId="solana-wallet-address" />
      </div>
      <form onSubmit={form.submit} noValidate>
        <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={payment.busy} aria-busy={payment.busy}>
          {payment.busy ? 'Waiting for your wallet...' : `Pay ${sol} SOL`}
        </button>
        {form.error ? (
          <p className="sf-field-error sf-pay-form-error" role="alert">
            {form.error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
