import type { SuiteProgress } from '@starforge/contracts/rewards';
import { ProgressBar } from '@starforge/ui';
import { progressText } from '../suite-view';

/** A running run's state: its suite's progress when events have told it, else what it is doing. */
export function RunProgress({ progress, hasContract }: { progress: SuiteProgress | null; hasContract: boolean }) {
  return (
    <div className="rewards-run-progress">
      <p aria-live="polite">{progress ? progressText(progress) : hasContract ? 'Compiling and running your contract...' : 'Running...'}</p>
      {progress?.phase === 'running' && progress.tests_total > 0 ? (
        <ProgressBar value={progress.tests_done} max={progress.tests_total} label="Tests done" />
      ) : null}
    </div>
  );
}
