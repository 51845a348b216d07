import '../shared/zod';
import { z } from 'zod';
import { ACHIEVEMENT_CODES } from './achievements';
import { CONTRACT_CALL_ARG_MAX_LENGTH, CONTRACT_CALL_MAX_ARGS, CONTRACT_SOURCE_MAX_BYTES, NETWORKS, TEST_RUN_STATUSES, TEST_TYPES } from './test-runs';
import { MIN_CONVERSION_POINTS, POINTS_PER_CENT } from './points';
import { rewardsMessages } from './messages';
import { TRANSACTION_SOURCES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './ledger';
import { gasCheckNeedsContract, gasCheckRequestSchema } from './contract-gas-history';
import { contractRunResultSchema } from './contract-run';
import { SUITE_TEST_TYPES, suiteSourceSchema, suiteSourcesSchema } from './contract-suite';
import { parseDollars } from '../shared/money';
import { solanaAddress } from '../shared/solana';

/**
 * Wire formats of the rewards service (`/api/rewards`): snake_case like the spec's entities,
 * money in integer cents, token and point amounts as integers. The user is always the token's
 * subject; no body names a user.
 */

const count = z.number().int().nonnegative();
const timestamp = z.string();

export const tierFeaturesSchema = z.object({
  /** null: no daily limit. */
  max_tests_per_day: z.number().int().positive().nullable(),
  sandbox_access: z.boolean(),
  priority_support: z.boolean(),
  private_rpc: z.boolean().optional(),
});
export type TierFeatures = z.infer<typeof tierFeaturesSchema>;

export const tierSchema = z.object({
  id: z.string(),
  name: z.string(),
  required_tokens: count,
  features: tierFeaturesSchema,
});
export type Tier = z.infer<typeof tierSchema>;
export const tiersSchema = z.object({ tiers: z.array(tierSchema) });
export type TiersAnswer = z.infer<typeof tiersSchema>;

export const tokenBalanceSchema = z.object({ available: count, staked: count });
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** GET /summary: everything the stat cards, the token panel and the balance cards show. */
export const rewardsSummarySchema = z.object({
  /** Points earned in all (leaderboard). */
  points: count,
  /** Points earned this ISO week (UTC); 0 again each Monday. */
  weekly_points: count,
  /** Points not yet converted to cash. */
  points_balance: count,
  total_tests: count,
  successful_tests: count,
  /** Tests started today (UTC), against the tier's daily limit. */
  tests_today: count,
  total_nfts: count,
  /** A running average over finished tests, 0-100; 100 before the first test (spec section 8). */
  success_rate: z.number().min(0).max(100),
  cash_balance_cents: z.number().int(),
  total_earned_cents: count,
  total_withdrawn_cents: count,
  /** Cash held for withdrawals not yet completed (already out of the cash balance). */
  pending_withdrawal_cents: count,
  /** Proceeds of card payments not settled yet: the user's, but not in the cash balance, so not withdrawable or spendable. */
  pending_cash_cents: count,
  /** When the next of those settles (null when none waits). */
  next_settlement_at: timestamp.nullable(),
  tokens: tokenBalanceSchema,
  tier: tierSchema,
});
export type RewardsSummary = z.infer<typeof rewardsSummarySchema>;

export const transactionSourceSchema = z.object({ type: z.enum(TRANSACTION_SOURCES), id: z.string() });

export const transactionSchema = z.object({
  id: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  /** Cash change in cents: negative for a withdrawal, 0 for points-only rows. */
  amount_cents: z.number().int(),
  points_amount: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  description: z.string(),
  /** The rule that produced the row (see transactionRuleText). */
  rule: z.string(),
  source: transactionSourceSchema.nullable(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  /** A credit that waits for its payment to settle (card proceeds): when it settles, or settled; null for every other row. */
  settles_at: timestamp.nullable(),
});
export type LedgerTransaction = z.infer<typeof transactionSchema>;
export const transactionsSchema = z.object({ transactions: z.array(transactionSchema) });
export type TransactionsAnswer = z.infer<typeof transactionsSchema>;

export const achievementSchema = z.object({
  code: z.enum(ACHIEVEMENT_CODES),
  name: z.string(),
  description: z.string(),
  points: count,
  target: count,
  /** Where the user stands on the achievement's measure (capped at nothing: 12 of 10 tests). */
  progress: z.number().min(0),
  unlocked_at: timestamp.nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;
export const achievementsSchema = z.object({ achievements: z.array(achievementSchema) });
export type AchievementsAnswer = z.infer<typeof achievementsSchema>;

export const testRunSchema = z.object({
  id: z.string(),
  network: z.enum(NETWORKS),
  test_type: z.enum(TEST_TYPES),
  status: z.enum(TEST_RUN_STATUSES),
  tx_hash: z.string().nullable(),
  gas_used: z.number().int().nullable(),
  block_number: z.number().int().nullable(),
  /** Points the run earned once it finished. */
  points_awarded: count.nullable(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  /**
   * A completed contract run's gas_used minus that of the user's previous completed run of the
   * same contract, network and test type; null otherwise (a run without a contract draws its gas
   * at random, so two of them compare nothing).
   */
  gas_delta: z.number().int().nullable(),
  /** Whether the run carries the user's own contract (compiled and run for real). */
  has_contract: z.boolean(),
  /** A contract run's one-sentence outcome, once it finished. */
  summary: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;
/**
 * GET /test-runs: without `page`, the latest TEST_RUN_HISTORY_LIMIT runs (the dashboard's list);
 * with it, that page of TEST_RUNS_PAGE_SIZE runs, newest first (the /test-runs screen).
 */
export const testRunsQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,4}$|^100000$/, 'page must be a whole number from 1 to 100000')
    .transform(Number)
    .optional(),
});
export const testRunsSchema = z.object({
  test_runs: z.array(testRunSchema),
  /** All of the user's runs. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type TestRunsPage = z.infer<typeof testRunsSchema>;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** For a `transaction` run: the function to call and its arguments, as typed (the engine reads them by the ABI). */
export const contractCallSchema = z.object({
  function: z.string(rewardsMessages.contractFunctionInvalid).regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, rewardsMessages.contractFunctionInvalid),
  args: z
    .array(z.string().max(CONTRACT_CALL_ARG_MAX_LENGTH, rewardsMessages.contractArgsInvalid), rewardsMessages.contractArgsInvalid)
    .max(CONTRACT_CALL_MAX_ARGS, rewardsMessages.contractArgsInvalid)
    .default([]),
});
export type ContractCall = z.infer<typeof contractCallSchema>;

/** The user's own contract for a run: compiled and run for real instead of the drawn outcome. */
export const runContractSchema = z
  .object({
    /** One file (the first generation; its clients send this). */
    source: z
      .string(rewardsMessages.contractEmpty)
      .refine((s) => s.trim().length > 0, rewardsMessages.contractEmpty)
      .refine((s) => utf8Bytes(s) <= CONTRACT_SOURCE_MAX_BYTES, rewardsMessages.contractTooLarge)
      .optional(),
    /** A suite (issue 27): named files, the contracts under test and their tests. */
    sources: suiteSourcesSchema.optional(),
    call: contractCallSchema.optional(),
  })
  .superRefine((contract, ctx) => {
    if (contract.source === undefined && contract.sources === undefined)
      ctx.addIssue({ code: 'custom', message: rewardsMessages.contractEmpty, path: ['source'] });
    if (contract.source !== undefined && contract.sources !== undefined)
      ctx.addIssue({ code: 'custom', message: rewardsMessages.contractSourceOrSources, path: ['sources'] });
  });
export type RunContract = z.infer<typeof runContractSchema>;

export const testRunIdParamSchema = z.object({ id: z.uuid('No such test run') });

/** GET /test-runs/:id: a run with its contract and, once it finished, the engine's result. */
export const testRunDetailSchema = testRunSchema.extend({
  /** `source` for a one-file run, `sources` for a suite's (issue 27). */
  contract: z.object({ source: z.string().optional(), sources: z.array(suiteSourceSchema).optional(), call: contractCallSchema.nullable() }).nullable(),
  result: contractRunResultSchema.nullable(),
});
export type TestRunDetail = z.infer<typeof testRunDetailSchema>;

const pickMessage = { message: rewardsMessages.selectNetworkAndType };
export const startTestRunSchema = z
  .object({
    network: z.enum(NETWORKS, pickMessage),
    test_type: z.enum(TEST_TYPES, pickMessage),
    /** Optional: without it the run is the spec's (its outcome drawn on the server). */
    contract: runContractSchema.optional(),
    /** A contract run fails when a test or function costs more gas than this above the suite's last completed run. */
    gas_check: gasCheckRequestSchema.optional(),
  })
  .refine((run) => !(run.contract && run.test_type === 'transaction' && !run.contract.call), {
    message: rewardsMessages.contractCallRequired,
    path: ['contract', 'call'],
  })
  .refine((run) => !(run.gas_check && !run.contract), { message: gasCheckNeedsContract, path: ['gas_check'] })
  .refine((run) => (run.contract?.sources?.length ?? 0) <= 1 || (SUITE_TEST_TYPES as readonly string[]).includes(run.test_type), {
    message: rewardsMessages.suiteOneFileTypes,
    path: ['test_type'],
  });
export type StartTestRun = z.infer<typeof startTestRunSchema>;

const wholeAmount = (invalid: string) => z.number(invalid).refine((n) => Number.isSafeInteger(n) && n > 0, { message: invalid });

/**
 * The spec's 'Minimum conversion is 1000 points' is said of a whole number under the minimum
 * only; a missing, fractional or absurd amount (1e308) is named as what it is.
 */
export const convertPointsSchema = z.object({
  points: z
    .number()
    .int()
    .min(MIN_CONVERSION_POINTS, rewardsMessages.minConversion)
    .refine((n) => n % POINTS_PER_CENT === 0, { message: rewardsMessages.conversionStep }),
});
export type ConvertPoints = z.infer<typeof convertPointsSchema>;
export const conversionSchema = z.object({
  transaction_id: z.string(),
  points_converted: count,
  cents_credited: count,
  points_balance: count,
  cash_balance_cents: z.number().int(),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const stakeSchema = z.object({ amount: wholeAmount(rewardsMessages.stakeInvalid) });
export const unstakeSchema = z.object({ amount: wholeAmount(rewardsMessages.unstakeInvalid) });
export const stakingResultSchema = z.object({ tokens: tokenBalanceSchema, tier: tierSchema });
export type StakingResult = z.infer<typeof stakingResultSchema>;

export const withdrawSchema = z.object({
  wallet_address: solanaAddress(rewardsMessages.connectWalletFirst),
  /** Dollars as typed ("12.50") or a number; the service works in cents. */
  amount: z.union([z.string(), z.number()], rewardsMessages.invalidWithdrawalAmount).transform((value, ctx) => {
    const parsed = parseDollars(value);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({
      code: 'custom',
      message: parsed.reason === 'below_minimum' ? rewardsMessages.minimumWithdrawal : rewardsMessages.invalidWithdrawalAmount,
    });
    return z.NEVER;
  }),
});
export type WithdrawRequest = z.input<typeof withdrawSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  amount_cents: z.number().int().positive(),
  wallet_address: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The simulated Solana transaction signature, once completed. */
  tx_signature: z.string().nullable(),
  requested_at: timestamp,
  completed_at: timestamp.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalAcceptedSchema = z.object({ withdrawal: withdrawalSchema, cash_balance_cents: z.number().int() });
export type WithdrawalAccepted = z.infer<typeof withdrawalAcceptedSchema>;
export const withdrawalsSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export type WithdrawalsAnswer = z.infer<typeof withdrawalsSchema>;
