/**
 * The gas comparison beside a contract run's gas (or a function's): against the user's previous
 * completed run of the same contract, network and test type. Nothing without one (no delta), and
 * never for a run without a contract, whose gas is drawn at random.
 */
export const gasDeltaText = (delta: number | null): string => {
  if (delta === null) return '';
  const amount = Math.abs(delta).toLocaleString('en-US');
  if (delta > 0) return `+${amount} gas vs last run`;
  if (delta < 0) return `-${amount} gas vs last run`;
  return '±0 gas vs last run';
};
