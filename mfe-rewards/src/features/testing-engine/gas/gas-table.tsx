import type { DeploymentDiffRow, GasDiffRow } from '@starforge/contracts/rewards';
import { Badge } from '@starforge/ui';
import { beforeAfterText, changeText, verdictWords } from './gas-view';

/** One kind of row (tests, contract functions, deployments): before → after, change, verdict in words. */
export function GasTable({
  caption,
  rows,
  selected,
  onSelect,
}: {
  caption: string;
  rows: (GasDiffRow | DeploymentDiffRow)[];
  /** The row whose chart is shown, by key. */
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  const sizes = rows.some((r) => 'size_after' in r);
  return (
    <div className="rewards-table-wrap">
      <table className="rewards-table rewards-gas-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Gas before → after</th>
            <th scope="col">Change</th>
            <th scope="col">Verdict</th>
            {sizes ? <th scope="col">Code size before → after (bytes)</th> : null}
            <th scope="col">History</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const verdict = verdictWords[row.verdict];
            return (
              <tr key={row.key} className={row.verdict === 'regression' ? 'is-regression' : undefined}>
                <th scope="row">
                  <code>{row.key}</code>
                </th>
                <td className="rewards-num">{beforeAfterText(row.before, row.after)}</td>
                <td className="rewards-num">{changeText(row)}</td>
                <td>
                  <Badge tone={verdict.tone}>{verdict.text}</Badge>
                </td>
                {sizes ? <td className="rewards-num">{'size_after' in row ? beforeAfterText(row.size_before, row.size_after) : '—'}</td> : null}
                <td>
                  <button
                    type="button"
                    className="sf-btn rewards-gas-chart-toggle"
                    aria-pressed={selected === row.key}
                    aria-label={`Chart of ${row.key}`}
                    onClick={() => onSelect(row.key)}
                  >
                    Chart
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
