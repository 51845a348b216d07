/** Small statistics and formatting helpers shared by the benchmarks. */

const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The p-th percentile (0..100) by linear interpolation between closest ranks; NaN for no data. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const s = sorted(values);
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = s[lo] ?? Number.NaN;
  const b = s[hi] ?? Number.NaN;
  return a + (b - a) * (rank - lo);
};

export const median = (values: readonly number[]): number => percentile(values, 50);
export const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);
export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** A number with a fixed count of decimals, or '—' when it is not a number. */
export const fixed = (value: number, decimals = 1): string => (Number.isFinite(value) ? value.toFixed(decimals) : '—');

/** Bytes as KiB (1024) with one decimal: what "KB" means throughout these reports. */
export const kib = (bytes: number): number => bytes / 1024;
