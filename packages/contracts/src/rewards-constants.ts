/**
 * The rewards domain's constants (spec section 9) and user-facing words (spec sections 5 and 8),
 * without zod, so screens import them without pulling zod in. Money travels as integer cents
 * (the helpers that show and read it are in `money.ts`).
 */

import { formatCents } from './money';

export const NETWORKS = ['ethereum', 'sepolia', 'polygon', 'arbitrum', 'optimism'] as const;
export type Network = (typeof NETWORKS)[number];

export const TEST_TYPES = ['smart_contract', 'transaction', 'gas_optimization', 'security_audit', 'performance'] as const;
export type TestType = (typeof TEST_TYPES)[number];

/** The most a contract's source may weigh, in UTF-8 bytes (the editor and the API both check). */
export const CONTRACT_SOURCE_MAX_BYTES = 64 * 1024;
/** A transaction run's call: at most this many arguments, each at most this long. */
export const CONTRACT_CALL_MAX_ARGS = 16;
export const CONTRACT_CALL_ARG_MAX_LENGTH = 200;

export const networkLabels: Record<Network, string> = {
  ethereum: 'Ethereum',
  sepolia: 'Sepolia',
  polygon: 'Polygon',
  arbitrum: 'Arbitrum',
  optimism: 'Optimism',
};

export const testTypeLabels: Record<TestType, string> = {
  smart_contract: 'Smart Contract',
  transaction: 'Transaction',
  gas_optimization: 'Gas Optimization',
  security_audit: 'Security Audit',
  performance: 'Performance',
};

export const TEST_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];

/** Spec section 9: a test finishes 3 to 5 s after it starts, completed with probability 0.7. */
export const TEST_RUN_MIN_DELAY_MS = 3_000;
export const TEST_RUN_MAX_DELAY_MS = 5_000;
export const TEST_SUCCESS_PROBABILITY = 0.7;
export const TEST_GAS_MIN = 21_000;
export const TEST_GAS_MAX = 71_000;
export const TEST_BLOCK_MIN = 18_000_000;
export const TEST_BLOCK_MAX = 19_000_000;
export const TEST_POINTS_COMPLETED = 50;
export const TEST_POINTS_FAILED = 25;
export const MINT_POINTS = 100;
/**
 * Minting's points are capped per day, as FORGE is (issue 26: one reused image minted 39 times in
 * 3 s was $4.50 to withdraw). The first MINT_POINT_AWARDS_PER_DAY completed mints of a UTC day
 * earn MINT_POINTS each; later ones still complete and count (NFTs Minted, the NFT achievements)
 * but earn no points. rewards.record_nft_mint applies it (a test compares the two).
 */
export const MINT_POINT_AWARDS_PER_DAY = 10;
/** How many runs the history under the Testing Engine shows (the rest are on /test-runs). */
export const TEST_RUN_HISTORY_LIMIT = 5;
/** Runs a page of /test-runs shows. */
export const TEST_RUNS_PAGE_SIZE = 20;
/**
 * A user's contract runs not yet finished (one under way, the rest waiting their turn) at most:
 * a user's runs execute one at a time, so a sixth would wait behind five time limits.
 */
export const CONTRACT_RUNS_WAITING_MAX = 5;
/**
 * Why another domain runs the engine for a user (rewards.start_engine_run, issue 28): a bounty's
 * proof, a project version's code check, a proof re-checked after a fix. 'proof' and
 * 'code_check' count against the user's daily test limit; a 'recheck' does not.
 */
export const ENGINE_RUN_PURPOSES = ['proof', 'code_check', 'recheck'] as const;
export type EngineRunPurpose = (typeof ENGINE_RUN_PURPOSES)[number];

/** 1000 points = $1.00 = 100 cents, so 10 points make a cent; at least 1000 at a time. */
export const POINTS_PER_DOLLAR = 1_000;
export const POINTS_PER_CENT = 10;
export const MIN_CONVERSION_POINTS = 1_000;
/**
 * The most one conversion can name: the spec's stored procedure takes an `integer`. No balance
 * comes near it (2^31 points is 43 million completed tests), so more is 'Not enough points'.
 */
export const MAX_CONVERSION_POINTS = 2_147_483_647;

/** What converting `points` would credit, in cents (the preview: points / 1000 dollars). */
export const centsForPoints = (points: number): number => Math.floor(points / POINTS_PER_CENT);

/** Spec section 9: the Transactions list shows the last 10. */
export const TRANSACTIONS_LIMIT = 10;

export const TRANSACTION_TYPES = ['earned_points', 'points_to_cash', 'bounty_reward', 'withdrawal', 'sale_proceeds', 'royalty'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'completed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a ledger row came from; the statement links each row to it. */
export const TRANSACTION_SOURCES = ['test_run', 'nft_mint', 'achievement', 'conversion', 'withdrawal', 'bounty', 'nft_sale'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

export const transactionTypeLabels: Record<TransactionType, string> = {
  earned_points: 'Points earned',
  points_to_cash: 'Points to cash',
  bounty_reward: 'Bounty reward',
  withdrawal: 'Withdrawal',
  sale_proceeds: 'Sale proceeds',
  royalty: 'Royalty',
};

/**
 * The rule that produced a ledger row, as the statement explains it. The service writes the
 * code; a code this list does not know is shown by the row's own description.
 */
export const transactionRuleText: Record<string, string> = {
  test_completed: `Completed test: +${TEST_POINTS_COMPLETED} points`,
  test_failed: `Failed test: +${TEST_POINTS_FAILED} points for trying`,
  nft_minted: `NFT minted: +${MINT_POINTS} points`,
  achievement_unlocked: 'Achievement unlocked: its points, once',
  points_converted: `${POINTS_PER_DOLLAR.toLocaleString('en-US')} points = $1.00`,
  withdrawal: 'Cash held, then sent to your wallet',
  // A bounty's reward (issue 17): held from the creator's cash when it is posted (debit_cash
  // writes the kind as the rule), then released by credit_cash, whose rule for the kind is
  // bounty_approved, both to the claimer on approval and back to the creator on a close; each
  // row's description names which (bountyLedgerDescriptions) and its source links the bounty.
  bounty_reward: 'Bounty reward held from your cash while the bounty is open',
  bounty_approved: 'Bounty reward released: paid to its claimer on approval, or returned to its creator when closed unclaimed',
  sale_proceeds: 'Your NFT sold: its price, less the creator royalty',
  royalty: "Creator royalty: your percent of an NFT's resale price (rounded down to the cent)",
};

/** Where a row's source is shown in the product, or null when it has no screen. */
export const transactionSourcePath = (source: { type: TransactionSource; id: string } | null): string | null => {
  if (!source) return null;
  switch (source.type) {
    case 'test_run':
      // The run's own page: the dashboard lists only the latest few.
      return `/test-runs/${source.id}`;
    case 'nft_mint':
    case 'nft_sale':
      return `/nft/${source.id}`;
    case 'achievement':
      return `/rewards#achievement-${source.id}`;
    case 'conversion':
      return '/balance';
    case 'withdrawal':
      return '/withdrawal';
    case 'bounty':
      return `/bounty/${source.id}/complete`;
  }
};

export const ACHIEVEMENT_CODES = ['first_test', 'nft_creator', 'test_master', 'nft_collector', 'perfectionist', 'weekly_warrior'] as const;
export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];
/** What an achievement counts: tests run, NFTs minted, success rate (%), points this ISO week. */
export type AchievementMeasure = 'tests' | 'nfts' | 'success_rate' | 'weekly_points';

export interface AchievementDefinition {
  code: AchievementCode;
  name: string;
  description: string;
  measure: AchievementMeasure;
  target: number;
  points: number;
}

/**
 * Spec section 9's six achievements. Perfectionist also needs 10 tests run: a success rate
 * over one or two tests says nothing, and 500 points would be had for a single lucky run.
 */
export const PERFECTIONIST_MIN_TESTS = 10;
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { code: 'first_test', name: 'First Test', description: 'Run your first test', measure: 'tests', target: 1, points: 50 },
  { code: 'nft_creator', name: 'NFT Creator', description: 'Mint your first NFT', measure: 'nfts', target: 1, points: 100 },
  { code: 'test_master', name: 'Test Master', description: 'Run 10 tests', measure: 'tests', target: 10, points: 250 },
  { code: 'nft_collector', name: 'NFT Collector', description: 'Mint 5 NFTs', measure: 'nfts', target: 5, points: 300 },
  {
    code: 'perfectionist',
    name: 'Perfectionist',
    description: `Keep a 95% success rate over at least ${PERFECTIONIST_MIN_TESTS} tests`,
    measure: 'success_rate',
    target: 95,
    points: 500,
  },
  { code: 'weekly_warrior', name: 'Weekly Warrior', description: 'Earn 500 points in one week', measure: 'weekly_points', target: 500, points: 200 },
];

/** FORGE, the platform token: every new account gets this many, so staking can be tried. */
export const FORGE_WELCOME_GRANT = 1_000;
/**
 * FORGE's source after the welcome grant: each completed test run earns this many, for the first
 * FORGE_TEST_GRANTS_PER_DAY completed runs of a UTC day. The cap does not grow with the tier, so
 * a script earns no more than an active person: Silver in 8 days, Gold in 38.
 */
export const FORGE_PER_COMPLETED_TEST = 25;
export const FORGE_TEST_GRANTS_PER_DAY = 20;
export const FORGE_TEST_DAILY_MAX = FORGE_PER_COMPLETED_TEST * FORGE_TEST_GRANTS_PER_DAY;

/** The tier a user's FORGE would reach next, as the daily-limit message names it. */
export interface NextTier {
  name: string;
  requiredTokens: number;
  /** null: no daily limit. */
  maxTestsPerDay: number | null;
}

const count = (n: number) => n.toLocaleString('en-US');
export const STAKE_QUICK_AMOUNTS = [100, 500] as const;
export const UNSTAKE_QUICK_AMOUNT = 100;

/** Spec section 4: a withdrawal completes about 3 s after it is accepted. */
export const WITHDRAWAL_COMPLETION_DELAY_MS = 3_000;
export const MIN_WITHDRAWAL_CENTS = 1;
export const WITHDRAWAL_SHORTCUTS = [25, 50, 75, 100] as const;

export const rewardsMessages = {
  selectNetworkAndType: 'Please select both network and test type',
  signInToRunTests: 'Please sign in to run tests',
  testStarted: 'Test started successfully!',
  testPoints: (points: number) => `+${points} points earned for test completion!`,
  testFailedSimulated: 'Test failed. Please check your configuration and try again.',
  testFailedPrefix: 'Test failed: ',
  contractEmpty: 'Paste a Solidity contract, pick a sample, or leave the contract out',
  contractTooLarge: 'The contract must be at most 64 KiB',
  contractSourceOrSources: 'Send the contract as one source or as named sources, not both',
  suiteOneFileTypes:
    'A Transaction test runs one file: put the contract in one file, or choose Smart Contract, Gas Optimization, Security Audit or Performance',
  /** The 413 of a run's body: one file or a suite's files, whichever it carried. */
  contractBodyTooLarge: 'The contract must be at most 64 KiB, or the files of a suite 256 KiB together',
  contractCallRequired: 'A transaction test needs the function to call',
  contractFunctionInvalid: 'The function name must be a Solidity identifier, such as deposit',
  contractArgsInvalid: `At most ${CONTRACT_CALL_MAX_ARGS} arguments, each at most ${CONTRACT_CALL_ARG_MAX_LENGTH} characters`,
  /** What raises the limit: holding more FORGE (available and staked both count), earned by completed tests. */
  dailyTestLimit: (limit: number, next: NextTier | null, held: number) =>
    `Your tier allows ${count(limit)} tests a day. ` +
    (next
      ? `${next.name} allows ${next.maxTestsPerDay === null ? 'unlimited tests' : `${count(next.maxTestsPerDay)} a day`} from ${count(next.requiredTokens)} FORGE, ` +
        `available or staked (you have ${count(held)}); each completed test earns ${FORGE_PER_COMPLETED_TEST} FORGE, up to ${count(FORGE_TEST_DAILY_MAX)} a day. `
      : '') +
    'Or come back tomorrow.',
  /** The daily limit's words when the figures are not at hand (dailyTestLimit names them). */
  dailyTestLimitUsed: "Your tier's tests for today are used up. Come back tomorrow.",
  contractRunsWaiting: `You already have ${CONTRACT_RUNS_WAITING_MAX} contract runs waiting or running; start another when one of them finishes`,
  minConversion: 'Minimum conversion is 1000 points',
  conversionStep: 'Points convert in steps of 10 (10 points = 1 cent)',
  insufficientPoints: 'Not enough points to convert',
  convertFailed: 'Failed to convert points',
  converted: (points: number, cents: number) => `Converted ${points.toLocaleString('en-US')} points to ${formatCents(cents)}!`,
  stakeInvalid: 'Please enter a valid amount to stake',
  stakeInsufficient: 'Insufficient tokens to stake',
  unstakeInvalid: 'Please enter a valid amount to unstake',
  unstakeInsufficient: 'Insufficient staked tokens to unstake',
  panelInsufficientTokens: 'Insufficient token balance',
  panelInsufficientStaked: 'Insufficient staked balance',
  stakeFailed: 'Failed to stake tokens',
  unstakeFailed: 'Failed to unstake tokens',
  staked: (amount: number) => `Staked ${amount.toLocaleString('en-US')} FORGE`,
  unstaked: (amount: number) => `Unstaked ${amount.toLocaleString('en-US')} FORGE`,
  connectWalletFirst: 'Please connect your Solana wallet first',
  invalidWithdrawalAmount: 'Please enter a valid withdrawal amount',
  insufficientWithdrawalBalance: 'Insufficient balance for withdrawal',
  /** A cash debit (a purchase, a funded bounty) above the balance. */
  insufficientBalance: 'Insufficient balance',
  minimumWithdrawal: 'Minimum withdrawal amount is $0.01',
  withdrawalFailedPrefix: 'Withdrawal failed: ',
  withdrawalRequested: (cents: number) => `Withdrawal of ${formatCents(cents)} requested. Sending it to your wallet...`,
  withdrawalSucceeded: (tx: string) => `Withdrawal successful! TX: ${tx}`,
} as const;

export const rewardsErrorCodes = {
  insufficientPoints: 'insufficient_points',
  insufficientTokens: 'insufficient_tokens',
  insufficientStakedTokens: 'insufficient_staked_tokens',
  insufficientBalance: 'insufficient_balance',
  dailyTestLimit: 'daily_test_limit',
  contractRunsWaiting: 'contract_runs_waiting',
} as const;
