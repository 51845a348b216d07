/** The Testing Engine's networks, test types, run statuses and limits (spec section 9). */

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
