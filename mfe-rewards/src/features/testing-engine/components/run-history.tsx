import type { TestRun } from '@starforge/contracts/rewards';
import { networkLabels, testTypeLabels } from '@starforge/contracts/rewards-constants';
import { Link } from 'react-router-dom';
import { copyToClipboard } from '@starforge/host';
import { Badge, type BadgeTone } from '@starforge/ui';
import { formatCount, shortHash } from '../../../shared/lib/format';
import { useScrollToHash } from '../../../shared/lib/use-scroll-to-hash';
import { gasDeltaText } from '../gas-delta';

const statusTone: Record<TestRun['status'], BadgeTone> = { running: 'warning', completed: 'success', failed: 'danger' };
const statusLabel: Record<TestRun['status'], string> = { running: 'Running', completed: 'Completed', failed: 'Failed' };

/**
 * The user's recent runs under the engine; each row is `#test-run-<id>`, where ledger rows link.
 * While the runs load it is one line, as tall as 'No test runs yet' (the dashboard reserves the
 * engine's size without runs).
 */
export function RunHistory({ runs, loading }: { runs: TestRun[]; loading: boolean }) {
  useScrollToHash(!loading);
  return (
    <div className="rewards-history" aria-busy={loading || undefined}>
      <h3>Recent test runs</h3>
      {runs.length === 0 ? (
        <p className="sf-muted">{loading ? 'Loading your runs...' : 'No test runs yet. Start one above.'}</p>
      ) : (
        <ul className="rewards-history-list">
          {runs.map((run) => (
            <li key={run.id} id={`test-run-${run.id}`} className="rewards-history-row" data-status={run.status}>
              <div className="rewards-history-head">
                <strong>
                  {networkLabels[run.network]} · {testTypeLabels[run.test_type]}
                </strong>
                <Badge tone={statusTone[run.status]}>{statusLabel[run.status]}</Badge>
                {run.points_awarded !== null ? <span className="sf-muted">+{run.points_awarded} points</span> : null}
              </div>
              {run.has_contract ? (
                <p className="rewards-history-contract">
                  {run.summary ?? 'Compiling and running your contract...'}{' '}
                  {run.gas_used !== null ? <span className="sf-muted">Gas {formatCount(run.gas_used)}</span> : null}{' '}
                  <Link to={`/test-runs/${run.id}`}>View results</Link>
                </p>
              ) : null}
              {run.tx_hash ? (
                <dl className="rewards-history-facts">
                  <div>
                    <dt>Tx</dt>
                    <dd>
                      <code title={run.tx_hash}>{shortHash(run.tx_hash)}</code>{' '}
                      <button
                        type="button"
                        className="sf-btn sf-btn-ghost rewards-copy"
                        onClick={() => void copyToClipboard(run.tx_hash ?? '')}
                        aria-label="Copy transaction hash"
                      >
                        Copy
                      </button>
                    </dd>
                  </div>
                  <div>
                    <dt>Gas</dt>
                    <dd>
                      {run.gas_used !== null ? formatCount(run.gas_used) : '—'}
                      {run.gas_delta !== null ? (
                        <span className={`rewards-gas-delta ${run.gas_delta > 0 ? 'is-more' : 'is-less'}`}> {gasDeltaText(run.gas_delta)}</span>
                      ) : null}
                    </dd>
                  </div>
                  <div>
                    <dt>Block</dt>
                    <dd>{run.block_number !== null ? formatCount(run.block_number) : '—'}</dd>
                  </div>
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
