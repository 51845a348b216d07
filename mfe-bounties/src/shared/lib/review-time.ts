const units: readonly [number, string][] = [
  [86_400, 'd'],
  [3_600, 'h'],
  [60, 'min'],
];

/**
 * How long a creator took to review (the last submission to its review), as the big bounty
 * platforms publish response times: the two largest units ("1 d 4 h", "2 h 5 min", "12 min"),
 * "under a minute" below one.
 */
export const formatReviewTime = (seconds: number): string => {
  if (seconds < 60) return 'under a minute';
  const parts: string[] = [];
  let rest = Math.floor(seconds);
  for (const [size, unit] of units) {
    if (parts.length === 2) break;
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count} ${unit}`);
  }
  return parts.filter((part) => !part.startsWith('0 ')).join(' ');
};
