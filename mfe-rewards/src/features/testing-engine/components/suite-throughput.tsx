import type { FunctionResult } from '@starforge/contracts/rewards';
import type { Throughput } from '@starforge/contracts/rewards';
import { formatCount } from '../../../shared/lib/format';
import { durationText } from '@starforge/ui/test-view';
import { perSecondText } from '../suite-view';

function Figures({ figures }: { figures: Throughput }) {
  return (
    <>
      <td className="rewards-num">{formatCount(figures.calls)}</td>
      <td className="rewards-num">{durationText(figures.duration_ms)}</td>
      <td className="rewards-num">{perSecondText(figures.calls_per_second)}</td>
      <td className="rewards-num">{perSecondText(figures.gas_per_second)}</td>
    </>
  );
}

/** A performance run of a suite: each passing test's calls and gas per second on EDR, and the suite's. */
export function SuiteThroughput({ total, functions }: { total: Throughput; functions: readonly FunctionResult[] }) {
  const measured = functions.flatMap((fn) => (fn.throughput && fn.test ? [{ fn, test: fn.test, figures: fn.throughput }] : []));
  return (
    <section aria-labelledby="suite-throughput">
      <h3 id="suite-throughput">Calls and gas per second</h3>
      <p className="sf-muted">
        A call is a unit test, a fuzz run or an invariant call; setUp is not counted. Times are EDR's for each test; an invariant campaign reports no gas.
      </p>
      <div className="rewards-table-wrap">
        <table className="rewards-table">
          <caption>Performance on EDR</caption>
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Calls</th>
              <th scope="col">Time</th>
              <th scope="col">Calls per second</th>
              <th scope="col">Gas per second</th>
            </tr>
          </thead>
          <tbody>
            {measured.map(({ fn, test, figures }) => (
              <tr key={`${test.contract}.${fn.signature}`}>
                <th scope="row">
                  <code>
                    {test.contract}.{fn.signature}
                  </code>
                </th>
                <Figures figures={figures} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">The suite</th>
              <Figures figures={total} />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
