import type { TestRun } from '@starforge/contracts/rewards';
import { networkLabels, testTypeLabels } from '@starforge/contracts/rewards';
import { Link } from 'react-router-dom';
import { copyToClipboard } from '@starforge/host';
import { Badge, type BadgeTone } from '@starforge/ui';
import { formatCount, shortHash } from '../../../shared/lib/format';
import { gasDeltaText } from '../gas-delta';

const statusTone: Record<TestRun['status'], BadgeTone> = { running: 'warning', completed: 'success', failed: 'danger' };
const statusLabel: Record<TestRun['status'], string> = { running: 'Running', completed: 'Completed', failed: 'Failed' };

const GasDelta = ({ delta }: { delta: number | null }) =>
  delta === null ? null : <span className={`rewards-gas-delta ${delta > 0 ? 'is-more' : delta < 0 ? 'is-less' : ''}`}> {gasDeltaText(delta)}</span>;

/**
 * One run in a list: its network, type, status and points; a contract run's summary, gas (against
 * the last run of the same contract) and results link; a run without a contract's chain facts.
 * The row is `#test-run-<id>`.
 */
export function RunRow({ run }: { run: TestRun }) {
  return (
    <li id={`test-run-${run.id}`} className="rewards-history-row" data-status={run.status}>
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
          {run.gas_used !== null ? (
            <span className="sf-muted">
              Gas {formatCount(run.gas_used)}
              <GasDelta delta={run.gas_delta} />
            </span>
          ) : null}{' '}
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
            <dd>{run.gas_used !== null ? formatCount(run.gas_used) : '—'}</dd>
          </div>
          <div>
            <dt>Block</dt>
            <dd>{run.block_number !== null ? formatCount(run.block_number) : '—'}</dd>
          </div>
        </dl>
      ) : null}
    </li>
  );
}
