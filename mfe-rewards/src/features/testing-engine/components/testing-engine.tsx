import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { SampleContract, SampleSuite } from '@starforge/contracts/rewards';
import { startTestRunSchema, type StartTestRun } from '@starforge/contracts/rewards';
import {
  NETWORKS,
  networkLabels,
  rewardsErrorCodes,
  rewardsMessages,
  TEST_TYPES,
  testTypeLabels,
  type Network,
  type TestType,
} from '@starforge/contracts/rewards';
import { failureMessage, readFailure, useFormAction, useUser } from '@starforge/host';
import { useStartTestRun } from '../api/start-test-run';
import { useTestRuns } from '../api/test-runs';
import { contractOfDraft, draftOfRun, emptyContractDraft, rerunOf, type ContractDraft } from '../contract-draft';
import { FIRST_FILE_NAME } from '@starforge/ui/source-files';
import { ContractPanel } from './contract-panel';
import { RunHistory } from './run-history';
import './testing-engine.css';

/** The run with the draft's contract as the API takes it, or the first message of the API's own schema. */
const contractRun = (
  network: Network,
  testType: TestType,
  draft: ContractDraft,
  gasCheck: boolean,
): { ok: true; run: StartTestRun } | { ok: false; message: string } => {
  const parsed = startTestRunSchema.safeParse({
    network,
    test_type: testType,
    contract: contractOfDraft(draft, testType),
    ...(gasCheck ? { gas_check: {} } : {}),
  });
  return parsed.success ? { ok: true, run: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? rewardsMessages.contractEmpty };
};

/**
 * The Testing Engine: pick a network and a test type, optionally bring a contract (the engine
 * compiles and runs it for real), start a run, see it finish live.
 */
export function TestingEngine() {
  const user = useUser();
  const ids = useId();
  // "Run again" on a run's page comes here with the run's network, type and files.
  const location = useLocation();
  const [rerun] = useState(() => rerunOf(location.state));
  const [network, setNetwork] = useState<Network | ''>(rerun?.network ?? '');
  const [testType, setTestType] = useState<TestType | ''>(rerun?.testType ?? '');
  const [currentRunId, setCurrentRunId] = useState<string | null>(null);
  const [withContract, setWithContract] = useState(rerun !== null);
  const [draft, setDraft] = useState<ContractDraft>(() => (rerun ? draftOfRun(rerun.contract) : emptyContractDraft));
  const [gasCheck, setGasCheck] = useState(false);
  const { runs, total, loading, refetch } = useTestRuns();
  const { run: start, busy } = useStartTestRun();

  const form = useFormAction({
    name: 'test run start',
    check: () => {
      if (!user) return { ok: false, message: rewardsMessages.signInToRunTests };
      if (!network || !testType) return { ok: false, message: rewardsMessages.selectNetworkAndType };
      if (!withContract) return { ok: true, network, test_type: testType, contract: undefined };
      const checked = contractRun(network, testType, draft, gasCheck);
      return checked.ok ? { ok: true, ...checked.run } : checked;
    },
    run: (input) =>
      start({
        network: input.network,
        test_type: input.test_type,
        ...(input.contract ? { contract: input.contract } : {}),
        ...(input.contract && input.gas_check ? { gas_check: input.gas_check } : {}),
      }),
    success: () => rewardsMessages.testStarted,
    onSuccess: (started) => {
      setCurrentRunId(started.id);
      refetch();
    },
    // The daily limit and the cap on runs waiting say what to do in full; anything else is a failed start.
    failure: (error) => {
      const { code } = readFailure(error);
      return code === rewardsErrorCodes.dailyTestLimit || code === rewardsErrorCodes.contractRunsWaiting
        ? failureMessage(error, { fallback: rewardsMessages.testFailedSimulated })
        : failureMessage(error, { prefix: rewardsMessages.testFailedPrefix, show: 'any', fallback: 'unknown error' });
    },
  });

  const current = currentRunId ? runs.find((r) => r.id === currentRunId) : undefined;
  const pickSample = (sample: SampleContract) => {
    setTestType(sample.testType);
    setDraft({
      files: [{ name: FIRST_FILE_NAME, content: sample.source }],
      active: 0,
      suite: false,
      functionName: sample.call?.function ?? '',
      args: sample.call?.args.join(', ') ?? '',
    });
  };
  const pickSuite = (suite: SampleSuite) => {
    setTestType(suite.testType);
    setDraft({ files: suite.sources.map((f) => ({ ...f })), active: 0, suite: true, functionName: '', args: '' });
  };
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
        {withContract ? (
          <div id={`${ids}-contract`} className="rewards-contract-slot">
            <ContractPanel
              draft={draft}
              testType={testType}
              onChange={setDraft}
              onSample={pickSample}
              onSuite={pickSuite}
              gasCheck={gasCheck}
              onGasCheck={setGasCheck}
            />
          </div>
        ) : null}
        <button type="submit" className="sf-btn sf-btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Starting...' : 'Start Test'}
        </button>
      </form>
      {form.error ? (
        <p className="sf-field-error" role="alert">
          {form.error}
        </p>
      ) : null}
      <div className="rewards-engine-status">
        <p aria-live="polite">
          Status: <strong data-testid="test-run-status">{status}</strong>
          {current?.has_contract && current.status !== 'running' ? (
            <>
              {' '}
              · {current.summary} <Link to={`/test-runs/${current.id}`}>View results</Link>
            </>
          ) : null}
        </p>
        <button
          type="button"
          className="sf-btn sf-btn-ghost rewards-contract-toggle"
          aria-expanded={withContract}
          aria-controls={`${ids}-contract`}
          onClick={() => setWithContract((open) => !open)}
        >
          {withContract ? 'No contract' : 'Your contract'}
        </button>
      </div>
      <RunHistory runs={runs} total={total} loading={loading} />
    </section>
  );
}

const runStatusText = { running: 'Running...', completed: 'Completed', failed: 'Failed' } as const;
