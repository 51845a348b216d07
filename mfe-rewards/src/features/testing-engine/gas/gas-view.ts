import type { GasDiffRow, GasHistoryRun, GasThreshold, GasVerdict } from '@starforge/contracts/rewards';
import type { BadgeTone } from '@starforge/ui';
import { formatCount } from '../../../shared/lib/format';

/**
 * The words of the run page's Gas section: each verdict said in words (a regression is never
 * colour alone), changes with their sign, and the points of a row's chart.
 */

export const verdictWords: Record<GasVerdict, { text: string; tone: BadgeTone }> = {
  regression: { text: 'More gas', tone: 'danger' },
  improvement: { text: 'Less gas', tone: 'success' },
  within: { text: 'Within threshold', tone: 'neutral' },
  added: { text: 'New', tone: 'info' },
  removed: { text: 'Removed', tone: 'neutral' },
  failing: { text: 'Test failed', tone: 'warning' },
};

const gasOrDash = (gas: number | null) => (gas === null ? '—' : formatCount(gas));

/** "60,000 → 61,000"; "— → 7,000" for a new row. */
export const beforeAfterText = (before: number | null, after: number | null): string => `${gasOrDash(before)} → ${gasOrDash(after)}`;

/** "+1,000 gas (+1.67 %)", "−1,000 gas (−1.67 %)", "±0 gas"; "—" when there is nothing to subtract. */
export const changeText = (row: Pick<GasDiffRow, 'delta' | 'percent'>): string => {
  if (row.delta === null) return '—';
  if (row.delta === 0) return '±0 gas';
  const sign = row.delta > 0 ? '+' : '−';
  const pct = row.percent === null ? '' : ` (${sign}${Math.abs(row.percent)} %)`;
  return `${sign}${formatCount(Math.abs(row.delta))} gas${pct}`;
};

/** "±1 % or ±500 gas, whichever is larger". */
export const thresholdText = (t: GasThreshold): string => `±${t.pct} % or ±${formatCount(t.gas)} gas, whichever is larger`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
    hour12: false,
  });

/** "Nov 28, 02:40:12 UTC · completed": a run of the suite, in the selector and the chart's table. */
export const runLabel = (run: GasHistoryRun): string => `${when(run.completed_at)} UTC · ${run.status}`;

/** One sentence over the comparison: how many regressions, against which run, at what threshold. */
export const gasSummary = (history: { regressions: number; against: GasHistoryRun | null; threshold: GasThreshold }): string => {
  if (!history.against) return 'The first run of this suite: nothing earlier to compare with.';
  const count = history.regressions;
  const what = count === 0 ? 'No test or function costs more gas' : `${count} ${count === 1 ? 'test or function costs' : 'tests and functions cost'} more gas`;
  return `${what} than in the run of ${runLabel(history.against)}, beyond ${thresholdText(history.threshold)}.`;
};

interface ChartPoint {
  x: number;
  y: number;
  gas: number;
  index: number;
}

/**
 * Where each measured run of a series sits in a `width` × `height` box (runs evenly along x, gas
 * from the lowest to the highest along y, upwards), and the line through them; a run that did
 * not measure the row leaves a gap in the line.
 */
export const chartOf = (series: (number | null)[], width: number, height: number, pad = 4) => {
  const values = series.filter((v): v is number => v !== null);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 0;
  const span = max - min;
  const step = series.length > 1 ? (width - 2 * pad) / (series.length - 1) : 0;
  const points: ChartPoint[] = series.flatMap((gas, index) =>
    gas === null
      ? []
      : [
          {
            index,
            gas,
            x: Math.round((series.length > 1 ? pad + index * step : width / 2) * 10) / 10,
            y: Math.round((span === 0 ? height / 2 : height - pad - ((gas - min) / span) * (height - 2 * pad)) * 10) / 10,
          },
        ],
  );
  const path = points.map((p, i) => `${i > 0 && points[i - 1]?.index === p.index - 1 ? 'L' : 'M'}${p.x} ${p.y}`).join(' ');
  return { points, path, min, max };
};
