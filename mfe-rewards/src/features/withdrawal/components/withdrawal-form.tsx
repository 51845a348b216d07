import { useId, useState } from 'react';
import { centsToInput, formatCents } from '@starforge/contracts/shared';
import { rewardsMessages, WITHDRAWAL_SHORTCUTS } from '@starforge/contracts/rewards';
import { failureMessage, useFormAction, useWallet } from '@starforge/host';
import { Field } from '@starforge/ui';
import { useSummary } from '../../../shared/api/summary';
import { useWithdraw } from '../api/withdraw';
import { shortcutCents, withdrawalInput } from '../withdrawal-input';
import { WalletConnectButton } from './wallet-connect-button';

/** Amount with 25% / 50% / 75% / Max, the wallet, and Withdraw: the cash is held now and sent ~3 s later (live). */
export function WithdrawalForm() {
  const ids = useId();
  const wallet = useWallet();
  const { summary, refetch } = useSummary();
  const [amount, setAmount] = useState('');
  const { run, busy } = useWithdraw();
  const address = wallet.status === 'connected' ? wallet.address : '';
  const form = useFormAction({
    name: 'withdrawal',
    check: () => withdrawalInput({ walletAddress: address, amount, cashBalanceCents: summary.cash_balance_cents }),
    run: (input) => run(address, centsToInput(input.cents)),
    success: (accepted) => rewardsMessages.withdrawalRequested(accepted.withdrawal.amount_cents),
    onSuccess: () => {
      setAmount('');
      refetch();
    },
    failure: (error) => failureMessage(error, { prefix: rewardsMessages.withdrawalFailedPrefix, show: 'any', fallback: 'please try again' }),
  });

  return (
    <section className="sf-card rewards-withdraw" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Withdraw to your Solana wallet</h2>
      <div className="rewards-withdraw-wallet">
        <span className="sf-muted">Wallet</span>
        <WalletConnectButton />
      </div>
      <form onSubmit={form.submit} noValidate>
        <Field
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          placeholder="0.00"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={form.error}
          hint={`Available: ${formatCents(summary.cash_balance_cents)}`}
        />
        <fieldset className="rewards-shortcuts">
          <legend className="sf-visually-hidden">Amount shortcuts</legend>
          {WITHDRAWAL_SHORTCUTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className="sf-btn sf-btn-ghost"
              onClick={() => setAmount(centsToInput(shortcutCents(summary.cash_balance_cents, percent)))}
            >
              {percent === 100 ? 'Max' : `${percent}%`}
            </button>
          ))}
        </fieldset>
        <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={busy} aria-busy={busy}>
          {busy ? 'Processing...' : 'Withdraw'}
        </button>
      </form>
    </section>
  );
}
