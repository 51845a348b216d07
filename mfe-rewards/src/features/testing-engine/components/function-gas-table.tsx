import type { FunctionGas } from '@starforge/contracts/rewards';
import { formatCount } from '../../../shared/lib/format';
import { optimizerChangeText } from '../suite-view';

/** Per contract function, forge's gas report; with a gas_optimization run, the mean with the optimizer on and the difference. */
export function FunctionGasTable({ rows }: { rows: readonly FunctionGas[] }) {
  const optimized = rows.some((g) => g.optimized);
  return (
    <div className="rewards-table-wrap">
      <table className="rewards-table">
        <caption>Gas per function</caption>
        <thead>
          <tr>
            <th scope="col">Contract</th>
            <th scope="col">Function</th>
            <th scope="col">Calls</th>
            <th scope="col">Min</th>
            <th scope="col">Mean</th>
            <th scope="col">Median</th>
            <th scope="col">Max</th>
            {optimized ? <th scope="col">Mean, optimizer on</th> : null}
            {optimized ? <th scope="col">Optimizer's change</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => (
            <tr key={`${g.contract}.${g.function}`}>
              <td>{g.contract}</td>
              <th scope="row">
                <code>{g.function}</code>
              </th>
              <td className="rewards-num">{formatCount(g.calls)}</td>
              <td className="rewards-num">{formatCount(g.min)}</td>
              <td className="rewards-num">{formatCount(g.mean)}</td>
              <td className="rewards-num">{formatCount(g.median)}</td>
              <td className="rewards-num">{formatCount(g.max)}</td>
              {optimized ? <td className="rewards-num">{g.optimized ? formatCount(g.optimized.mean) : '—'}</td> : null}
              {optimized ? <td className="rewards-num">{g.optimized ? optimizerChangeText(g.mean, g.optimized.mean) : '—'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
