import { useId, useState } from 'react';
import {
  NETWORKS,
  networkLabels,
  rewardsErrorCodes,
  rewardsMessages,
  TEST_TYPES,
  testTypeLabels,
  type Network,
  type TestType,
} from '@starforge/contracts/rewards-constants';
import { failureMessage, readFailure, useFormAction, useUser } from '@starforge/host';
import { useStartTestRun } from '../api/start-test-run';
import { useTestRuns } from '../api/test-runs';
import { RunHistory } from './run-history';
import './testing-engine.css';

/** The Testing Engine: pick a network and a test type, start a run, see it finish live. */
export function TestingEngine() {
  const user = useUser();
  const ids = useId();
  const [network, setNetwork] = useState<Network | ''>('');
  const [testType, setTestType] = useState<TestType | ''>('');
  const [currentRunId, setCurrentRunId] = useState<string | null>(null);
  const { runs, loading, refetch } = useTestRuns();
  const { run: start, busy } = useStartTestRun();

  const form = useFormAction({
    name: 'test run start',
    check: () => {
      if (!user) return { ok: false, message: rewardsMessages.signInToRunTests };
      if (!network || !testType) return { ok: false, message: rewardsMessages.selectNetworkAndType };
      return { ok: true, network, test_type: testType };
    },
    run: (input) => start({ network: input.network, test_type: input.test_type }),
    success: () => rewardsMessages.testStarted,
    onSuccess: (started) => {
      setCurrentRunId(started.id);
      refetch();
    },
    failure: (error) =>
      readFailure(error).code === rewardsErrorCodes.dailyTestLimit
        ? failureMessage(error, { fallback: rewardsMessages.testFailedSimulated })
        : failureMessage(error, { prefix: rewardsMessages.testFailedPrefix, show: 'any', fallback: 'unknown error' }),
  });

  const current = currentRunId ? runs.find((r) => r.id === currentRunId) : undefined;
  const status = busy ? 'Starting test...' : current ? runStatusText[current.status] : currentRunId ? runStatusText.running : 'Ready';

  return (
    <section className="sf-card rewards-engine" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Testing Engine</h2>
      <p className="sf-muted">Run a test against a network. Completed tests earn 50 points, failed ones 25.</p>
      <form className="rewards-engine-form" onSubmit={form.submit} noValidate>
        <div className="sf-field">
          <label htmlFor={`${ids}-network`}>Network</label>
          <select id={`${ids}-network`} value={network} onChange={(e) => setNetwork(e.target.value as Network | '')}>
            <option value="">Select network</option>
            {NETWORKS.map((n) => (
              <option key={n} value={n}>
                {networkLabels[n]}
              </option>
            ))}
          </select>
        </div>
        <div className="sf-field">
          <label htmlFor={`${ids}-type`}>Test Type</label>
          <select id={`${ids}-type`} value={testType} onChange={(e) => setTestType(e.target.value as TestType | '')}>
            <option value="">Select test type</option>
            {TEST_TYPES.map((t) => (
              <option key={t} value={t}>
                {testTypeLabels[t]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="sf-btn sf-btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Starting...' : 'Start Test'}
        </button>
      </form>
      {form.error ? (
        <p className="sf-field-error" role="alert">
          {form.error}
        </p>
      ) : null}
      <p className="rewards-engine-status" aria-live="polite">
        Status: <strong data-testid="test-run-status">{status}</strong>
      </p>
      <RunHistory runs={runs} loading={loading} />
    </section>
  );
}

const runStatusText = { running: 'Running...', completed: 'Completed', failed: 'Failed' } as const;
