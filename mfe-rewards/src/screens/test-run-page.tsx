import { Link, useParams } from 'react-router-dom';
import { networkLabels, testTypeLabels } from '@starforge/contracts/rewards';
import { Badge, Spinner, TopBar } from '@starforge/ui';
import { useTestRun } from '../features/testing-engine/api/test-run';
import { RunProgress } from '../features/testing-engine/components/run-progress';
import { RunResult } from '../features/testing-engine/components/run-result';
import { RunSources } from '../features/testing-engine/components/run-sources';
import { GasSection } from '../features/testing-engine/gas/gas-section';
import { useRunProgress } from '../features/testing-engine/use-run-progress';
import { rewardsNavLinks } from './nav-links';
import './screens.css';

const statusLabel = { running: 'Running', completed: 'Completed', failed: 'Failed' } as const;
const statusTone = { running: 'warning', completed: 'success', failed: 'danger' } as const;

/**
 * /test-runs/:id: one run as it stands, live (a running contract run gets its result when the
 * engine is done, a suite's progress meanwhile): per function its outcome, gas and change, revert
 * reason (a suite's tests in full); compiler errors by line, which the source beside them marks;
 * audit findings; the run's files, which "Run again" loads into the editor.
 */
export function TestRunPage() {
  const { id = '' } = useParams();
  const { run, failed } = useTestRun(id);
  const progress = useRunProgress(id, run?.status === 'running');
  const markedLines = [...(run?.result?.errors ?? []), ...(run?.result?.findings ?? [])].flatMap((m) => (m.line ? [m.line] : []));
  return (
    <>
      <TopBar links={rewardsNavLinks} />
      <main className="sf-main rewards-screen">
        <header className="rewards-screen-header">
          <h1>Test run</h1>
          {run ? (
            <p className="sf-muted">
              {networkLabels[run.network]} · {testTypeLabels[run.test_type]} · <Badge tone={statusTone[run.status]}>{statusLabel[run.status]}</Badge>
              {run.points_awarded !== null ? ` · +${run.points_awarded} points` : ''}
            </p>
          ) : null}
        </header>
        {failed ? (
          <section className="sf-card" aria-labelledby="run-missing">
            <h2 id="run-missing">No such test run</h2>
            <p>
              It is not one of your runs. <Link to="/dashboard">Back to the dashboard</Link>
            </p>
          </section>
        ) : !run ? (
          <Spinner label="Loading the run" />
        ) : (
          <div className="rewards-screen-stack">
            <section className="sf-card" aria-labelledby="run-result">
              <h2 id="run-result">Result</h2>
              {run.status === 'running' ? (
                <RunProgress progress={progress} hasContract={run.has_contract} />
              ) : run.result ? (
                <RunResult result={run.result} />
              ) : (
                <p>
                  A run without a contract: it {run.status === 'completed' ? 'completed' : 'failed'}
                  {run.gas_used !== null ? ` using ${run.gas_used.toLocaleString('en-US')} gas` : ''}.
                </p>
              )}
            </section>
            {run.result ? <GasSection runId={run.id} /> : null}
            {run.contract ? (
              <section className="sf-card" aria-labelledby="run-source">
                <h2 id="run-source">{run.contract.sources ? 'Sources' : 'Contract'}</h2>
                <RunSources run={run} markedLines={markedLines} />
              </section>
            ) : null}
          </div>
        )}
      </main>
    </>
  );
}
