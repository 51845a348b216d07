import type { SuiteProgress } from '@starforge/contracts/contract-suite';
import type { ServerEventMap } from '@starforge/contracts/realtime';
import { formatCount } from '../../shared/lib/format';

/** A progress event's news for run `runId`: its phase and tests done of the total; null when it is another run's. */
export const progressOfEvent = (runId: string, data: ServerEventMap['rewards.test_run_progress']): SuiteProgress | null =>
  data.runId === runId ? { phase: data.phase, tests_done: data.testsDone, tests_total: data.testsTotal } : null;

/** A suite's live progress: "Compiling…", "3 of 12 tests done". */
export const progressText = (progress: Pick<SuiteProgress, 'phase' | 'tests_done' | 'tests_total'>): string =>
  progress.phase === 'compiling' ? 'Compiling…' : `${formatCount(progress.tests_done)} of ${formatCount(progress.tests_total)} tests done`;
