import type { FunctionResult } from '@starforge/contracts/rewards';
import type { SuiteTestFields } from '@starforge/contracts/rewards';
import { Badge } from './badge';
import { campaignText, durationText, invariantCallText, testGasText, testKindLabel } from './test-view';
import { CallTrace } from './call-trace';
import './test-details.css';

/**
 * One suite test: its status, kind, gas, duration and campaign, and what a failure left behind.
 * `onCopy` copies a counter-example's calldata (the host's copy, which says so: this kit does not
 * import the host).
 */
export function TestDetails({ fn, test, onCopy }: { fn: FunctionResult; test: SuiteTestFields; onCopy: (text: string) => void }) {
  const passed = fn.outcome === 'passed';
  const campaign = campaignText(test);
  const counterexample = test.fuzz?.counterexample;
  const sequence = test.invariant?.sequence;
  return (
    <li className="sf-test">
      <div className="sf-test-head">
        <Badge tone={passed ? 'success' : 'danger'}>{passed ? 'Passed' : 'Failed'}</Badge>
        <code className="sf-test-name">
          {test.contract}.{fn.signature}
        </code>
        <span className="sf-test-kind">{testKindLabel[test.kind]}</span>
      </div>
      <dl className="sf-facts">
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
      {test.stopped_by_timeout ? <p className="sf-test-note">Stopped by its time limit: it passed only as far as it got.</p> : null}
      {fn.revert_reason ? <p className="sf-revert">Reverted: {fn.revert_reason}</p> : null}
      {test.failure ? <p className="sf-revert">{test.failure}</p> : null}
      {counterexample ? (
        <div className="sf-test-block">
          <p>Counter-example: {counterexample.args.map((a) => `${a.name || a.type} = ${a.value}`).join(', ')}</p>
          <p className="sf-calldata">
            Calldata <code>{counterexample.calldata}</code>{' '}
            <button
              type="button"
              className="sf-btn sf-btn-ghost sf-copy"
              aria-label={`Copy the calldata of ${fn.name}`}
              onClick={() => onCopy(counterexample.calldata)}
            >
              Copy
            </button>
          </p>
        </div>
      ) : null}
      {sequence?.length ? (
        <div className="sf-test-block">
          <p>The calls that broke it:</p>
          <ol className="sf-sequence">
            {sequence.map((call, i) => (
              <li key={i}>
                <code>{invariantCallText(call)}</code>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {test.logs.length ? (
        <div className="sf-test-block">
          <p>console.log</p>
          <pre className="sf-logs">{test.logs.join('\n')}</pre>
        </div>
      ) : null}
      {test.trace?.length ? <CallTrace frames={test.trace} label={`Call trace of ${fn.name}`} /> : null}
    </li>
  );
}
