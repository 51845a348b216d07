import '../shared/zod';
import { z } from 'zod';

/**
 * Gas history (issue 27 §3): "did my change cost gas?" answered per test, per contract function
 * and per deployment, against any earlier run of the same suite, with a threshold that can fail
 * a run (Foundry's `snapshot --diff` / `--check`, which compare per test only).
 *
 * Keys: a test `VaultTest:testWithdraw(uint256)`, a function `Vault.withdraw(uint256)`, a
 * deployment by its contract (`Vault`). A one-file run's functions are tests of its contract_name.
 */

/** A change smaller than both ±1 % of the earlier gas and ±500 gas is noise, not a change. */
export const GAS_THRESHOLD_PCT_DEFAULT = 1;
export const GAS_THRESHOLD_GAS_DEFAULT = 500;
/** How many finished runs of a suite the history's chart spans (this run and the ones before it). */
export const GAS_HISTORY_RUNS = 20;

const thresholdPct = z
  .number('threshold_pct is a percentage from 0 to 100')
  .min(0, 'threshold_pct is a percentage from 0 to 100')
  .max(100, 'threshold_pct is a percentage from 0 to 100');
const thresholdGas = z
  .number('threshold_gas is a whole amount of gas from 0 to 10,000,000')
  .int('threshold_gas is a whole amount of gas from 0 to 10,000,000')
  .min(0, 'threshold_gas is a whole amount of gas from 0 to 10,000,000')
  .max(10_000_000, 'threshold_gas is a whole amount of gas from 0 to 10,000,000');

/**
 * How much a gas figure may move before it counts: a change crosses the threshold when it is
 * larger than both `pct` % of the earlier figure and `gas` (the larger of the two allowances), so
 * small tests are not failed by a few hundred gas and large ones not by a fraction of a percent.
 * `{ pct: 0, gas: 0 }` counts every change (forge snapshot --check without a tolerance).
 */
export const gasThresholdSchema = z.object({ pct: thresholdPct, gas: thresholdGas });
export type GasThreshold = z.infer<typeof gasThresholdSchema>;
export const GAS_THRESHOLD_DEFAULT: GasThreshold = { pct: GAS_THRESHOLD_PCT_DEFAULT, gas: GAS_THRESHOLD_GAS_DEFAULT };

/**
 * `gas_check` in POST /test-runs: the run fails when any test or contract function costs more
 * than the threshold above the suite's last completed run. Each field defaults as above.
 */
export const gasCheckRequestSchema = z.object({ threshold_pct: thresholdPct.optional(), threshold_gas: thresholdGas.optional() }).strict();
export type GasCheckRequest = z.infer<typeof gasCheckRequestSchema>;
export const gasCheckNeedsContract = 'A gas check compares the gas of your contract’s runs: add a contract to check.';

/**
 * regression / improvement: more / less gas beyond the threshold; within: a change inside it
 * (or none); added / removed: only in this run / only in the earlier one; failing: the test failed
 * in either run, so its gas says nothing about what the code costs.
 */
export const GAS_VERDICTS = ['regression', 'improvement', 'within', 'added', 'removed', 'failing'] as const;
export type GasVerdict = (typeof GAS_VERDICTS)[number];

const gasOrNull = z.number().int().nonnegative().nullable();

/** One test, function or deployment: its gas in the earlier run and in this one. */
export const gasDiffRowSchema = z.object({
  key: z.string(),
  contract: z.string(),
  /** A test's or function's signature; the contract's name for a deployment. */
  name: z.string(),
  before: gasOrNull,
  after: gasOrNull,
  /** after − before; null unless both are known. */
  delta: z.number().int().nullable(),
  /** delta as a percentage of before, two decimals; null when before is 0 or unknown. */
  percent: z.number().nullable(),
  verdict: z.enum(GAS_VERDICTS),
  /** The gas in each run of the history's `runs`, oldest first; null where the run did not measure it. */
  series: z.array(gasOrNull),
});
export type GasDiffRow = z.infer<typeof gasDiffRowSchema>;

/** A deployment's row adds its runtime code size, in bytes, in both runs. */
export const deploymentDiffRowSchema = gasDiffRowSchema.extend({ size_before: gasOrNull, size_after: gasOrNull });
export type DeploymentDiffRow = z.infer<typeof deploymentDiffRowSchema>;

export const gasHistoryRunSchema = z.object({ id: z.string(), status: z.enum(['completed', 'failed']), completed_at: z.string() });
export type GasHistoryRun = z.infer<typeof gasHistoryRunSchema>;

/** GET /test-runs/:id/gas */
export const gasHistorySchema = z.object({
  run_id: z.string(),
  /** Which runs are "the same suite" (services/rewards/README.md); null when the run measured no gas. */
  suite_key: z.string().nullable(),
  /** The run compared against; null when the suite has no earlier finished run. */
  against: gasHistoryRunSchema.nullable(),
  threshold: gasThresholdSchema,
  /** The suite's finished runs up to this one, at most GAS_HISTORY_RUNS, oldest first (this run last). */
  runs: z.array(gasHistoryRunSchema),
  tests: z.array(gasDiffRowSchema),
  functions: z.array(gasDiffRowSchema),
  deployments: z.array(deploymentDiffRowSchema),
  /** Tests and functions whose verdict is regression (what a gas check fails on). */
  regressions: z.number().int().nonnegative(),
});
export type GasHistory = z.infer<typeof gasHistorySchema>;

const pctQuery = z
  .string()
  .regex(/^(100|[0-9]{1,2})(\.[0-9]{1,2})?$/, 'threshold_pct is a percentage from 0 to 100')
  .transform(Number)
  .refine((n) => n <= 100, 'threshold_pct is a percentage from 0 to 100');
const gasQuery = z
  .string()
  .regex(/^[0-9]{1,8}$/, 'threshold_gas is a whole amount of gas from 0 to 10,000,000')
  .transform(Number)
  .refine((n) => n <= 10_000_000, 'threshold_gas is a whole amount of gas from 0 to 10,000,000');

/** The query of GET /test-runs/:id/gas; without a threshold, the run's gas check's, else the default. */
export const gasHistoryQuerySchema = z.object({
  against: z.uuid('against names one of your earlier runs of this suite').optional(),
  threshold_pct: pctQuery.optional(),
  threshold_gas: gasQuery.optional(),
});
export type GasHistoryQuery = z.infer<typeof gasHistoryQuerySchema>;

/** What a run's gas check found, kept in its result. */
export const gasCheckOutcomeSchema = z.object({
  threshold: gasThresholdSchema,
  /** The suite's last completed run before this one; null when there was none (nothing to fail on). */
  against_run_id: z.string().nullable(),
  regressions: z.number().int().nonnegative(),
  /** The regression with the largest increase in gas. */
  worst: gasDiffRowSchema.omit({ series: true }).nullable(),
});
export type GasCheckOutcome = z.infer<typeof gasCheckOutcomeSchema>;
