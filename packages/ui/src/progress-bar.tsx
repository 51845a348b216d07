/** A labelled progress bar (`role=progressbar` with its value), e.g. an achievement's 3 of 10 tests. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const shown = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (shown / max) * 100 : 0;
  return (
    <div className="sf-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={shown}>
      <div className="sf-progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
