import { useState } from 'react';
import type { SuiteProgress } from '@starforge/contracts/rewards';
import { useServerEvent } from '@starforge/host';
import { progressOfEvent } from './suite-view';

/**
 * A running suite's progress as its live events tell it (compiling, then tests done of the
 * total); null before the first event, and once the run is no longer running.
 */
export const useRunProgress = (runId: string, running: boolean): SuiteProgress | null => {
  const [latest, setLatest] = useState<(SuiteProgress & { runId: string }) | null>(null);
  useServerEvent('rewards.test_run_progress', ({ data }) => {
    const progress = progressOfEvent(runId, data);
    if (progress) setLatest({ ...progress, runId });
  });
  return running && latest?.runId === runId ? latest : null;
};
