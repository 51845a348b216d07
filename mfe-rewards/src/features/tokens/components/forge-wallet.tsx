import { useId, useState } from 'react';
import { FORGE_PER_COMPLETED_TEST, FORGE_TEST_DAILY_MAX, FORGE_WELCOME_GRANT, rewardsMessages } from '@starforge/contracts/rewards';
import { failureMessage, useFormAction } from '@starforge/host';
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
  /** The form's `useAction` (stake or unstake). */
  action: { run: (amount: number) => Promise<unknown>; busy: boolean };
  check: (text: string) => TokenAmount;
  done: (amount: number) => string;
  failed: string;
  /** Rereads what the answer changed. */
  refetch: () => void;
}

/** One amount form of the FORGE wallet (stake or unstake): checked here, refused or done by the server. */
function AmountForm({ label, button, busyLabel, action, check, done, failed, refetch }: AmountFormProps) {
  const [text, setText] = useState('');
  const busy = action.busy;
  const form = useFormAction({
    name: button,
    check: () => check(text),
    run: (input) => action.run(input.amount),
    success: (_, input) => done(input.amount),
    onSuccess: () => {
      setText('');
      refetch();
    },
    failure: (error) => failureMessage(error, { fallback: failed }),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Field label={label} type="number" inputMode="numeric" min={1} step={1} value={text} onChange={(e) => setText(e.target.value)} error={form.error} />
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
  return (
    <section className="sf-card rewards-forge" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>FORGE Wallet</h2>
      <p className="sf-muted">
        Every new account gets {formatCount(FORGE_WELCOME_GRANT)} FORGE, and each completed test run earns {FORGE_PER_COMPLETED_TEST} more (up to{' '}
        {formatCount(FORGE_TEST_DAILY_MAX)} a day). Available and staked FORGE together set your tier.
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
          action={stake}
          check={(text) => stakeAmount(text, available)}
          done={rewardsMessages.staked}
          failed={rewardsMessages.stakeFailed}
          refetch={refetch}
        />
        <AmountForm
          label="Amount to unstake"
          button="Unstake"
          busyLabel="Unstaking..."
          action={unstake}
          check={(text) => unstakeAmount(text, staked)}
          done={rewardsMessages.unstaked}
          failed={rewardsMessages.unstakeFailed}
          refetch={refetch}
        />
      </div>
    </section>
  );
}
