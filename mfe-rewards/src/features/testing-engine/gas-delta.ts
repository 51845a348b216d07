/**
 * The gas comparison under a run: against the previous completed run of the same network and
 * test type. Nothing for the first such run (no delta).
 */
export const gasDeltaText = (delta: number | null): string => {
  if (delta === null) return '';
  const amount = Math.abs(delta).toLocaleString('en-US');
  if (delta > 0) return `+${amount} gas vs last run`;
  if (delta < 0) return `-${amount} gas vs last run`;
  return '±0 gas vs last run';
};
