import './testing-engine.css';
import type { ContractRunResult, FunctionResult } from '@starforge/contracts/rewards';
import { Badge } from '@starforge/ui';
import { formatCount } from '../../../shared/lib/format';
import { gasDeltaText } from '../gas-delta';
import { SuiteResult } from './suite-result';

const gasChange = (change: number | undefined) =>
  change === undefined ? null : <span className={`rewards-gas-delta ${change > 0 ? 'is-more' : change < 0 ? 'is-less' : ''}`}>{gasDeltaText(change)}</span>;

function FunctionRow({ fn, showOptimized, showTimings }: { fn: FunctionResult; showOptimized: boolean; showTimings: boolean }) {
  return (
    <tr>
      <th scope="row">
        <code>{fn.signature}</code>
      </th>
      <td>
        <Badge tone={fn.outcome === 'passed' ? 'success' : 'danger'}>{fn.outcome === 'passed' ? 'Passed' : 'Failed'}</Badge>
      </td>
      <td className="rewards-num">
        {formatCount(fn.gas_used)} {gasChange(fn.gas_change)}
      </td>
      {showOptimized ? <td className="rewards-num">{fn.optimized_gas === undefined ? '—' : formatCount(fn.optimized_gas)}</td> : null}
      {showTimings ? <td className="rewards-num">{fn.timings ? `${fn.timings.mean_ms.toFixed(2)} ms × ${fn.timings.iterations}` : '—'}</td> : null}
      <td>
        {fn.revert_reason ? <span className="rewards-revert">{fn.revert_reason}</span> : null}
        {fn.return_values?.length ? <span>Returned {fn.return_values.map((v) => `${v.name || v.type} = ${v.value}`).join(', ')}</span> : null}
        {fn.events?.length ? (
          <ul className="rewards-events">
            {fn.events.map((e, i) => (
              <li key={i}>
                {e.name ?? 'Log'}({e.args.map((a) => `${a.name}: ${a.value}`).join(', ')})
              </li>
            ))}
          </ul>
        ) : null}
      </td>
    </tr>
  );
}

/** The engine's result for a run: per function its outcome, gas and change, revert reason (a suite's tests in full); compiler messages; audit findings. */
export function RunResult({ result }: { result: ContractRunResult }) {
  // A suite's tests have their own view (SuiteResult); the table keeps the calls that are not tests.
  const rows = result.suite ? result.functions.filter((f) => !f.test) : result.functions;
  const showOptimized = rows.some((f) => f.optimized_gas !== undefined);
  const showTimings = rows.some((f) => f.timings !== undefined);
  return (
    <div className="rewards-result">
      <p className="rewards-result-summary">
        <strong>{result.summary}</strong>
      </p>
      <dl className="rewards-history-facts">
        <div>
          <dt>Contract</dt>
          <dd>{result.contract_name ?? '—'}</dd>
        </div>
        <div>
          <dt>Total gas</dt>
          <dd>{formatCount(result.total_gas)}</dd>
        </div>
        {result.deployment ? (
          <div>
            <dt>Deployment</dt>
            <dd>
              {formatCount(result.deployment.gas_used)} gas, {formatCount(result.deployment.code_size)} bytes {gasChange(result.deployment.gas_change)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Compiler</dt>
          <dd>
            solc {result.compiler.version.split('+')[0]}, EVM {result.compiler.evm_version}
          </dd>
        </div>
      </dl>
      {result.errors.length ? (
        <section aria-label="Compiler errors">
          <h3>Compiler errors</h3>
          <ul className="rewards-messages">
            {result.errors.map((m, i) => (
              <li key={i} className="is-error">
                {m.line !== null ? `Line ${m.line}${m.column !== null ? `, column ${m.column}` : ''}: ` : ''}
                {m.type}: {m.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.suite ? <SuiteResult suite={result.suite} functions={result.functions} /> : null}
      {rows.length ? (
        <div className="rewards-table-wrap">
          <table className="rewards-table">
            <caption>Functions called</caption>
            <thead>
              <tr>
                <th scope="col">Function</th>
                <th scope="col">Outcome</th>
                <th scope="col">Gas</th>
                {showOptimized ? <th scope="col">Gas, optimizer on</th> : null}
                {showTimings ? <th scope="col">Time per call</th> : null}
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((fn) => (
                <FunctionRow key={fn.signature} fn={fn} showOptimized={showOptimized} showTimings={showTimings} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.findings.length ? (
        <section aria-label="Security findings">
          <h3>Security findings</h3>
          <ul className="rewards-messages">
            {result.findings.map((f, i) => (
              <li key={i} className={`is-${f.severity}`}>
                <Badge tone={f.severity === 'high' ? 'danger' : 'warning'}>{f.severity}</Badge> Line {f.line}: {f.title}. {f.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.warnings.length ? (
        <section aria-label="Compiler warnings">
          <h3>Compiler warnings</h3>
          <ul className="rewards-messages">
            {result.warnings.map((m, i) => (
              <li key={i}>
                {m.line !== null ? `Line ${m.line}: ` : ''}
                {m.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
