import { useId } from 'react';
import type { GasDiffRow, GasHistoryRun } from '@starforge/contracts/rewards';
import { formatCount } from '../../../shared/lib/format';
import { chartOf, runLabel } from './gas-view';

const WIDTH = 320;
const HEIGHT = 80;

/**
 * A row's gas over the suite's last runs: a small line chart (an image whose name and
 * description say what it shows) and the same figures as a table, its text alternative.
 */
export function GasChart({ row, runs, runId }: { row: GasDiffRow; runs: GasHistoryRun[]; runId: string }) {
  const id = useId();
  const { points, path, min, max } = chartOf(row.series, WIDTH, HEIGHT);
  const measured = points.length;
  const description =
    measured === 0
      ? 'No run of the suite measured it.'
      : `${measured} of the last ${runs.length} runs measured it, from ${formatCount(min)} to ${formatCount(max)} gas (lowest at the bottom, highest at the top); the larger dot is this run.`;
  return (
    <figure className="rewards-gas-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        Gas of <code>{row.key}</code> in the suite’s last {runs.length} {runs.length === 1 ? 'run' : 'runs'}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{`Gas of ${row.key} over the suite’s last runs`}</title>
        <path d={path} className="rewards-gas-chart-line" fill="none" />
        {points.map((p) => (
          <circle
            key={p.index}
            cx={p.x}
            cy={p.y}
            r={runs[p.index]?.id === runId ? 4 : 2.5}
            className={runs[p.index]?.id === runId ? 'is-current' : undefined}
          />
        ))}
      </svg>
      <p id={`${id}-desc`} className="sf-muted">
        {description}
      </p>
      <details>
        <summary>The figures as a table</summary>
        <table className="rewards-table">
          <caption className="sf-visually-hidden">Gas of {row.key} in each run</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Gas</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run, i) => {
              const gas = row.series[i] ?? null;
              return (
                <tr key={run.id}>
                  <th scope="row">
                    {runLabel(run)}
                    {run.id === runId ? ' (this run)' : ''}
                  </th>
                  <td className="rewards-num">{gas === null ? 'not measured' : formatCount(gas)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
