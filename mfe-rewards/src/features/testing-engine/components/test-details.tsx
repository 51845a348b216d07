import type { FunctionResult } from '@starforge/contracts/contract-run';
import type { SuiteTestFields } from '@starforge/contracts/contract-suite';
import { copyToClipboard } from '@starforge/host';
import { Badge } from '@starforge/ui';
import { campaignText, durationText, invariantCallText, testGasText, testKindLabel } from '../suite-view';
import { CallTrace } from './call-trace';

/** One suite test: its status, kind, gas, duration and campaign, and what a failure left behind. */
export function TestDetails({ fn, test }: { fn: FunctionResult; test: SuiteTestFields }) {
  const passed = fn.outcome === 'passed';
  const campaign = campaignText(test);
  const counterexample = test.fuzz?.counterexample;
  const sequence = test.invariant?.sequence;
  return (
    <li className="rewards-test">
      <div className="rewards-test-head">
        <Badge tone={passed ? 'success' : 'danger'}>{passed ? 'Passed' : 'Failed'}</Badge>
        <code className="rewards-test-name">
          {test.contract}.{fn.signature}
        </code>
        <span className="rewards-test-kind">{testKindLabel[test.kind]}</span>
      </div>
      <dl className="rewards-history-facts">
        <div>
          <dt>Gas</dt>
          <dd>{testGasText(fn.gas_used, test)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{durationText(test.duration_ms)}</dd>
        </div>
        {campaign ? (
          <div>
            <dt>Campaign</dt>
            <dd>{campaign}</dd>
          </div>
        ) : null}
        <div>
          <dt>File</dt>
          <dd>{test.file}</dd>
        </div>
      </dl>
      {test.stopped_by_timeout ? <p className="rewards-test-note">Stopped by its time limit: it passed only as far as it got.</p> : null}
      {fn.revert_reason ? <p className="rewards-revert">Reverted: {fn.revert_reason}</p> : null}
      {test.failure ? <p className="rewards-revert">{test.failure}</p> : null}
      {counterexample ? (
        <div className="rewards-test-block">
          <p>Counter-example: {counterexample.args.map((a) => `${a.name || a.type} = ${a.value}`).join(', ')}</p>
          <p className="rewards-calldata">
            Calldata <code>{counterexample.calldata}</code>{' '}
            <button
              type="button"
              className="sf-btn sf-btn-ghost rewards-copy"
              aria-label={`Copy the calldata of ${fn.name}`}
              onClick={() => void copyToClipboard(counterexample.calldata)}
            >
              Copy
            </button>
          </p>
        </div>
      ) : null}
      {sequence?.length ? (
        <div className="rewards-test-block">
          <p>The calls that broke it:</p>
          <ol className="rewards-sequence">
            {sequence.map((call, i) => (
              <li key={i}>
                <code>{invariantCallText(call)}</code>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {test.logs.length ? (
        <div className="rewards-test-block">
          <p>console.log</p>
          <pre className="rewards-logs">{test.logs.join('\n')}</pre>
        </div>
      ) : null}
      {test.trace?.length ? <CallTrace frames={test.trace} label={`Call trace of ${fn.name}`} /> : null}
    </li>
  );
}
