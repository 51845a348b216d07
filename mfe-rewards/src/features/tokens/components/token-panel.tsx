import { useId } from 'react';
import { rewardsMessages, STAKE_QUICK_AMOUNTS, UNSTAKE_QUICK_AMOUNT } from '@starforge/contracts/rewards';
import { useFormAction } from '@starforge/host';
import { useSummary } from '../../../shared/api/summary';
import { formatCount } from '../../../shared/lib/format';
import { useStake } from '../api/stake';
import { useUnstake } from '../api/unstake';
import './tokens.css';

/**
 * The dashboard's token-gated access panel: available and staked FORGE, the tier they give,
 * and quick stake (100 / 500) and unstake (100 / all) buttons, disabled when the balance is short.
 */
export function TokenPanel() {
  const ids = useId();
  const { summary, loading, refetch } = useSummary();
  const { available, staked } = summary.tokens;
  const stake = useStake();
  const unstake = useUnstake();
  const busy = stake.busy || unstake.busy;

  // Quick buttons: the refusals and failures are the panel's fixed words (spec section 5), no field shows them.
  const doStake = useFormAction({
    name: 'stake',
    check: (amount: number) => (amount > available ? { ok: false, message: rewardsMessages.panelInsufficientTokens } : { ok: true, amount }),
    run: (input) => stake.run(input.amount),
    success: (_, input) => rewardsMessages.staked(input.amount),
    onSuccess: refetch,
    failure: () => rewardsMessages.stakeFailed,
  }).run;
  const doUnstake = useFormAction({
    name: 'unstake',
    check: (amount: number) => (amount <= 0 || amount > staked ? { ok: false, message: rewardsMessages.panelInsufficientStaked } : { ok: true, amount }),
    run: (input) => unstake.run(input.amount),
    success: (_, input) => rewardsMessages.unstaked(input.amount),
    onSuccess: refetch,
    failure: () => rewardsMessages.unstakeFailed,
  }).run;

  return (
    <section className="sf-card rewards-tokens" aria-labelledby={`${ids}-title`} aria-busy={loading || undefined}>
      <h2 id={`${ids}-title`}>Token-gated access</h2>
      <dl className="rewards-token-figures">
        <div>
          <dt>Available FORGE</dt>
          <dd data-testid="forge-available">{formatCount(available)}</dd>
        </div>
        <div>
          <dt>Staked FORGE</dt>
          <dd data-testid="forge-staked">{formatCount(staked)}</dd>
        </div>
        <div>
          <dt>Current tier</dt>
          <dd data-testid="forge-tier">{summary.tier.name}</dd>
        </div>
      </dl>
      <div className="rewards-token-actions">
        {STAKE_QUICK_AMOUNTS.map((amount) => (
          <button key={amount} type="button" className="sf-btn sf-btn-primary" disabled={busy || available < amount} onClick={() => void doStake(amount)}>
            Stake {amount}
          </button>
        ))}
        <button
          type="button"
          className="sf-btn sf-btn-secondary"
          disabled={busy || staked < UNSTAKE_QUICK_AMOUNT}
          onClick={() => void doUnstake(UNSTAKE_QUICK_AMOUNT)}
        >
          Unstake {UNSTAKE_QUICK_AMOUNT}
        </button>
        <button type="button" className="sf-btn sf-btn-secondary" disabled={busy || staked === 0} onClick={() => void doUnstake(staked)}>
          Unstake all
        </button>
      </div>
      {busy ? (
        <p className="sf-muted" role="status">
          {stake.busy ? 'Staking...' : 'Unstaking...'}
        </p>
      ) : null}
    </section>
  );
}
