import { useId, useState } from 'react';
import { formatCents } from '@starforge/contracts/shared';
import { MIN_CONVERSION_POINTS, POINTS_PER_CENT, rewardsMessages } from '@starforge/contracts/rewards';
import { failureMessage, useFormAction } from '@starforge/host';
import { Field } from '@starforge/ui';
import { useSummary } from '../../../shared/api/summary';
import { formatCount } from '../../../shared/lib/format';
import { useConvertPoints } from '../api/convert-points';
import { conversionInput, previewCents } from '../conversion-input';

/** Convert points to cash: 1000 points = $1.00, at least 1000; a preview of what it credits. */
export function ConvertForm() {
  const ids = useId();
  const { summary, refetch } = useSummary();
  const [points, setPoints] = useState('');
  const { run, busy } = useConvertPoints();
  const form = useFormAction({
    name: 'conversion',
    check: () => conversionInput(points, summary.points_balance),
    run: (input) => run(input.points),
    success: (result) => rewardsMessages.converted(result.points_converted, result.cents_credited),
    onSuccess: () => {
      setPoints('');
      refetch();
    },
    failure: (error) => failureMessage(error, { fallback: rewardsMessages.convertFailed }),
  });

  return (
    <section className="sf-card rewards-convert" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Convert Points</h2>
      <p className="sf-muted">{formatCount(summary.points_balance)} points available. 1,000 points = $1.00.</p>
      <form onSubmit={form.submit} noValidate>
        <Field
          label="Points to convert"
          type="number"
          inputMode="numeric"
          min={MIN_CONVERSION_POINTS}
          step={POINTS_PER_CENT}
          placeholder={String(MIN_CONVERSION_POINTS)}
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          error={form.error}
          hint={<span aria-live="polite">You will receive {formatCents(previewCents(points))}</span>}
        />
        <button type="submit" className="sf-btn sf-btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Converting...' : 'Convert to Cash'}
        </button>
      </form>
    </section>
  );
}
