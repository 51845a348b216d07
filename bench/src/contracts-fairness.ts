import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { CONTRACT_RUNS_WAITING_MAX, rewardsErrorCodes } from '@starforge/contracts/rewards';
import { LiveStream } from '@starforge/launcher/rolling-restart/live-stream';
import type { BenchAccount } from './lib/accounts';
import type { Figure } from './lib/report';
import { median } from './lib/stats';

/** Runs of the Counter sample the other user times, idle and during the flood. */
const SAMPLE_RUNS = 10;

/** Four tests that each spin to the 10M gas limit: about 3 s of EVM work a run on a quiet machine. */
const SLOW_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Flood {
    uint256 n;
${Array.from({ length: 4 }, (_, i) => `    function testSpin${i}() public { while (true) n++; }`).join('\n')}
}
`;

/** One account's runs: start one, and learn when the live stream says it finished. */
class Runner {
  private readonly finished = new Map<string, () => void>();
  private readonly stream: LiveStream;

  constructor(
    private readonly base: string,
    private readonly account: BenchAccount,
  ) {
    this.stream = new LiveStream(base, account.token, (event) => {
      const runId = (event.data as { runId?: string } | null)?.runId;
      if (event.type === 'rewards.test_run_finished' && runId) this.finished.get(runId)?.();
    });
  }

  start = () => this.stream.start();
  stop = () => this.stream.stop();

  /** Starts a run: its id and a promise of its end, or the refusal's status and code. */
  async begin(source: string): Promise<{ done: Promise<void> } | { status: number; code: string | undefined }> {
    const res = await fetch(`${this.base}/api/rewards/test-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.account.token}`, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ network: 'sepolia', test_type: 'smart_contract', contract: { source } }),
    });
    const body = (await res.json()) as { id?: string; error?: { code?: string } };
    if (res.status !== 201 || !body.id) return { status: res.status, code: body.error?.code };
    const id = body.id;
    return { done: new Promise<void>((resolve) => this.finished.set(id, resolve)) };
  }

  /** `times` Counter runs one after the other: each from its POST to its live result, in ms. */
  async timeCounter(times: number): Promise<number[]> {
    const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')?.source ?? '';
    const took: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const run = await this.begin(counter);
      if (!('done' in run)) throw new Error(`the Counter run was refused: ${run.status} ${run.code}`);
      await run.done;
      took.push(performance.now() - started);
    }
    return took;
  }
}

/**
 * Fairness of the Testing Engine: another user's Counter run while one user keeps the most runs
 * they may have waiting (CONTRACT_RUNS_WAITING_MAX) of a slow contract, against the same run on
 * an idle engine. A user's runs go one at a time and the queue goes round the users, so the
 * flood holds one worker and the other user's run should take about its idle time (target ≤ 2×).
 */
export const contractsFairness = async (base: string, flooder: BenchAccount, other: BenchAccount): Promise<{ figures: Figure[]; note: string }> => {
  const [flood, victim] = [new Runner(base, flooder), new Runner(base, other)];
  await Promise.all([flood.start(), victim.start()]);
  try {
    await victim.timeCounter(1); // warm: both workers have loaded solc since the earlier minute
    const idle = await victim.timeCounter(SAMPLE_RUNS);

    let flooding = true;
    let refused = 0;
    let floodRuns = 0;
    const refusedCodes = new Set<string>();
    // Keeps the flooder at the cap: one more start than allowed (refused), then one for each that ends.
    const keepOne = async (): Promise<void> => {
      while (flooding) {
        const run = await flood.begin(SLOW_SOURCE);
        if ('done' in run) {
          await run.done;
          floodRuns++;
        } else {
          refused++;
          refusedCodes.add(String(run.code));
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    };
    const flooders = Array.from({ length: CONTRACT_RUNS_WAITING_MAX + 1 }, keepOne);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the flood's first run is under way, the rest wait
    const loaded = await victim.timeCounter(SAMPLE_RUNS);
    flooding = false;
    await Promise.all(flooders);

    const ratio = median(loaded) / median(idle);
    const figures: Figure[] = [
      { label: `Another user's Counter run, idle engine: median of ${SAMPLE_RUNS}`, value: median(idle), unit: 'ms', decimals: 0 },
      {
        label: `The same while one user keeps ${CONTRACT_RUNS_WAITING_MAX} slow runs waiting: median of ${SAMPLE_RUNS}`,
        value: median(loaded),
        unit: 'ms',
        decimals: 0,
      },
      { label: 'The same during the flood: slowest', value: Math.max(...loaded), unit: 'ms', decimals: 0 },
      { label: 'Fairness: the run during the flood against idle (medians)', value: ratio, unit: '×', decimals: 2, target: '≤ 2×', met: ratio <= 2 },
      {
        label: `The flooder's starts past ${CONTRACT_RUNS_WAITING_MAX} waiting, refused (409 ${rewardsErrorCodes.contractRunsWaiting})`,
        value: refused,
        unit: '',
        decimals: 0,
        met: refused > 0 && [...refusedCodes].every((c) => c === rewardsErrorCodes.contractRunsWaiting),
        target: '> 0, all that code',
      },
    ];
    const note = `Fairness: one account keeps ${CONTRACT_RUNS_WAITING_MAX} runs of a contract with four tests that each spin to the 10M gas limit waiting (one more start is always pending and refused past the cap); another account times ${SAMPLE_RUNS} Counter runs one after another, from the POST to the live result, first on the idle engine, then during the flood (${floodRuns} flood runs finished meanwhile). Idle: ${idle.map((ms) => Math.round(ms)).join(', ')} ms; during the flood: ${loaded.map((ms) => Math.round(ms)).join(', ')} ms.`;
    return { figures, note };
  } finally {
    await Promise.all([flood.stop(), victim.stop()]);
  }
};
