import type { SuiteProgress } from '@starforge/contracts/rewards';
import type { ServerEventMap } from '@starforge/contracts/shared';
import { formatCount } from '../../shared/lib/format';
import { changeText } from './gas/gas-view';

/** A progress event's news for run `runId`: its phase and tests done of the total; null when it is another run's. */
export const progressOfEvent = (runId: string, data: ServerEventMap['rewards.test_run_progress']): SuiteProgress | null =>
  data.runId === runId ? { phase: data.phase, tests_done: data.testsDone, tests_total: data.testsTotal } : null;

/** A suite's live progress: "Compiling…", "3 of 12 tests done". */
export const progressText = (progress: Pick<SuiteProgress, 'phase' | 'tests_done' | 'tests_total'>): string =>
  progress.phase === 'compiling' ? 'Compiling…' : `${formatCount(progress.tests_done)} of ${formatCount(progress.tests_total)} tests done`;

/** A rate of a performance run: "54,042 a second"; "—" when the engine reports none (an invariant's gas). */
export const perSecondText = (n: number | null): string => (n === null ? '—' : `${formatCount(n)} a second`);

/** What the optimizer did to a figure: "−1,000 gas (−1.67 %)", "+12 gas (+0.5 %)", "±0 gas". */
export const optimizerChangeText = (off: number, on: number): string =>
  changeText({ delta: on - off, percent: off === 0 ? null : Math.round(((on - off) / off) * 10_000) / 100 });
