import type { FunctionResult } from '@starforge/contracts/rewards';
import type { SuiteResultFields } from '@starforge/contracts/rewards';
import { formatCount } from '../../../shared/lib/format';
import { copyToClipboard } from '@starforge/host';
import { TestDetails } from '@starforge/ui/test-details';
import { durationText } from '@starforge/ui/test-view';
import { FunctionGasTable } from './function-gas-table';
import { SuiteThroughput } from './suite-throughput';

/** A suite's result: tests passed of the total, a performance run's figures, each test, then per-function gas and deployments (forge's gas report). */
export function SuiteResult({ suite, functions }: { suite: SuiteResultFields; functions: readonly FunctionResult[] }) {
  const tests = functions.flatMap((fn) => (fn.test ? [{ fn, test: fn.test }] : []));
  return (
    <>
      <dl className="rewards-history-facts">
        <div>
          <dt>Tests</dt>
          <dd>
            {formatCount(suite.tests_passed)} of {formatCount(suite.tests_total)} passed
          </dd>
        </div>
        <div>
          <dt>Files</dt>
          <dd>{formatCount(suite.files.length)}</dd>
        </div>
        <div>
          <dt>Compile</dt>
          <dd>{suite.compile_cached ? 'compiled from cache' : `compiled in ${durationText(suite.compile_ms)}`}</dd>
        </div>
      </dl>
      {suite.throughput ? <SuiteThroughput total={suite.throughput} functions={functions} /> : null}
      {tests.length ? (
        <section aria-labelledby="suite-tests">
          <h3 id="suite-tests">Tests</h3>
          <ul className="rewards-tests">
            {tests.map(({ fn, test }) => (
              <TestDetails key={`${test.contract}.${fn.signature}`} fn={fn} test={test} onCopy={copyToClipboard} />
            ))}
          </ul>
        </section>
      ) : null}
      {suite.function_gas.length ? <FunctionGasTable rows={suite.function_gas} /> : null}
      {suite.deployments.length ? (
        <div className="rewards-table-wrap">
          <table className="rewards-table">
            <caption>Deployments</caption>
            <thead>
              <tr>
                <th scope="col">Contract</th>
                <th scope="col">Gas</th>
                <th scope="col">Size</th>
              </tr>
            </thead>
            <tbody>
              {suite.deployments.map((d) => (
                <tr key={d.contract}>
                  <th scope="row">{d.contract}</th>
                  <td className="rewards-num">{formatCount(d.gas_used)}</td>
                  <td className="rewards-num">{formatCount(d.code_size)} bytes</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
