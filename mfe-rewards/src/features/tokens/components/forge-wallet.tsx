import { useId, useState, type FormEvent } from 'react';
import { FORGE_WELCOME_GRANT, rewardsMessages } from '@starforge/contracts/rewards-constants';
import { failureMessage, toast } from '@starforge/host';
import { Field } from '@starforge/ui';
import { useSummary } from '../../../shared/api/summary';
import { formatCount } from '../../../shared/lib/format';
import { useStake } from '../api/stake';
import { useUnstake } from '../api/unstake';
import { stakeAmount, unstakeAmount, type TokenAmount } from '../token-amount';
import './tokens.css';

interface AmountFormProps {
  label: string;
  button: string;
  busyLabel: string;
  busy: boolean;
  check: (text: string) => TokenAmount;
  act: (amount: number) => Promise<unknown>;
  done: (amount: number) => string;
  failed: string;
}

/** One amount form of the FORGE wallet (stake or unstake): checked here, refused or done by the server. */
function AmountForm({ label, button, busyLabel, busy, check, act, done, failed }: AmountFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = check(text);
    if (!amount.ok) {
      setError(amount.message);
      toast.error(amount.message);
      return;
    }
    setError(null);
    try {
      const result = await act(amount.amount);
      if (result === undefined) return;
      toast.success(done(amount.amount));
      setText('');
    } catch (failure) {
      console.error(`${button} failed`, failure);
      const message = failureMessage(failure, { fallback: failed });
      setError(message);
      toast.error(message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Field label={label} type="number" inputMode="numeric" min={1} step={1} value={text} onChange={(e) => setText(e.target.value)} error={error} />
      <button type="submit" className="sf-btn sf-btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : button}
      </button>
    </form>
  );
}

/** /balance's FORGE wallet: the balances and tier, with stake and unstake forms. */
export function ForgeWallet() {
  const ids = useId();
  const { summary, refetch } = useSummary();
  const { available, staked } = summary.tokens;
  const stake = useStake();
  const unstake = useUnstake();
  const afterwards = async <R,>(result: Promise<R | undefined>) => {
    const value = await result;
    if (value !== undefined) refetch();
    return value;
  };
  return (
    <section className="sf-card rewards-forge" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>FORGE Wallet</h2>
      <p className="sf-muted">
        Every new account gets {formatCount(FORGE_WELCOME_GRANT)} FORGE to try staking. Staked and available FORGE together set your tier.
      </p>
      <dl className="rewards-token-figures">
        <div>
          <dt>Available</dt>
          <dd>{formatCount(available)} FORGE</dd>
        </div>
        <div>
          <dt>Staked</dt>
          <dd>{formatCount(staked)} FORGE</dd>
        </div>
        <div>
          <dt>Tier</dt>
          <dd>{summary.tier.name}</dd>
        </div>
      </dl>
      <div className="rewards-token-forms">
        <AmountForm
          label="Amount to stake"
          button="Stake"
          busyLabel="Staking..."
          busy={stake.busy}
          check={(text) => stakeAmount(text, available)}
          act={(amount) => afterwards(stake.run(amount))}
          done={rewardsMessages.staked}
          failed={rewardsMessages.stakeFailed}
        />
        <AmountForm
          label="Amount to unstake"
          button="Unstake"
          busyLabel="Unstaking..."
          busy={unstake.busy}
          check={(text) => unstakeAmount(text, staked)}
          act={(amount) => afterwards(unstake.run(amount))}
          done={rewardsMessages.unstaked}
          failed={rewardsMessages.unstakeFailed}
        />
      </div>
    </section>
  );
}
