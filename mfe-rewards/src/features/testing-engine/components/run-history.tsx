import type { TestRun } from '@starforge/contracts/rewards';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../shared/lib/format';
import { useScrollToHash } from '../../../shared/lib/use-scroll-to-hash';
import { RunRow } from './run-row';

/**
 * The user's latest runs under the engine (TEST_RUN_HISTORY_LIMIT), and a link to all of them on
 * /test-runs once there are more. While the runs load it is one line, as tall as 'No test runs
 * yet' (the dashboard reserves the engine's size without runs).
 */
export function RunHistory({ runs, total, loading }: { runs: TestRun[]; total: number; loading: boolean }) {
  useScrollToHash(!loading);
  return (
    <div className="rewards-history" aria-busy={loading || undefined}>
      <h3>Recent test runs</h3>
      {runs.length === 0 ? (
        <p className="sf-muted">{loading ? 'Loading your runs...' : 'No test runs yet. Start one above.'}</p>
      ) : (
        <ul className="rewards-history-list">
          {runs.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </ul>
      )}
      {total > runs.length ? (
        <p className="rewards-history-more">
          <Link to="/test-runs">All {formatCount(total)} test runs</Link>
        </p>
      ) : null}
    </div>
  );
}
