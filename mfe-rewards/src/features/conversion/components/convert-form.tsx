import { useId, useState, type FormEvent } from 'react';
import { formatCents, MIN_CONVERSION_POINTS, POINTS_PER_CENT, rewardsMessages } from '@starforge/contracts/rewards-constants';
import { failureMessage, toast } from '@starforge/host';
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
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useConvertPoints();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = conversionInput(points, summary.points_balance);
    if (!input.ok) {
      setError(input.message);
      toast.error(input.message);
      return;
    }
    setError(null);
    try {
      const result = await run(input.points);
      if (!result) return;
      toast.success(rewardsMessages.converted(result.points_converted, result.cents_credited));
      setPoints('');
      refetch();
    } catch (failure) {
      console.error('conversion failed', failure);
      const message = failureMessage(failure, { fallback: rewardsMessages.convertFailed });
      setError(message);
      toast.error(message);
    }
  };

  return (
    <section className="sf-card rewards-convert" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Convert Points</h2>
      <p className="sf-muted">{formatCount(summary.points_balance)} points available. 1,000 points = $1.00.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Points to convert"
          type="number"
          inputMode="numeric"
          min={MIN_CONVERSION_POINTS}
          step={POINTS_PER_CENT}
          placeholder={String(MIN_CONVERSION_POINTS)}
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          error={error}
          hint={<span aria-live="polite">You will receive {formatCents(previewCents(points))}</span>}
        />
        <button type="submit" className="sf-btn sf-btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Converting...' : 'Convert to Cash'}
        </button>
      </form>
    </section>
  );
}
