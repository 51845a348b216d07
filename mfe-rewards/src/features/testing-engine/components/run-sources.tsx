import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TestRunDetail } from '@starforge/contracts/rewards';
import type { RerunState } from '../contract-draft';
import { SourceEditor } from '@starforge/ui/source-editor';
import { SourceTabs } from '@starforge/ui/source-tabs';

/**
 * A run's contract, read-only: a suite's files as tabs (compiler messages name no file, so no
 * line is marked there), a one-file run's source with its lines marked; with "Run again",
 * which takes them to the Testing Engine's editor on the dashboard.
 */
export function RunSources({ run, markedLines }: { run: TestRunDetail; markedLines: readonly number[] }) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const contract = run.contract;
  if (!contract) return null;
  const rerun: RerunState = { rerun: { network: run.network, testType: run.test_type, contract } };
  return (
    <>
      {contract.call ? (
        <p>
          Call: <code>{`${contract.call.function}(${contract.call.args.join(', ')})`}</code>
        </p>
      ) : null}
      {contract.sources ? (
        <SourceTabs files={contract.sources} active={active} onSelect={setActive} />
      ) : (
        <SourceEditor id="run-source-text" label="Solidity source" value={contract.source ?? ''} readOnly markedLines={markedLines} />
      )}
      <button type="button" className="sf-btn sf-btn-primary" onClick={() => navigate('/dashboard', { state: rerun })}>
        Run again
      </button>
    </>
  );
}
