import {
  CONTRACT_SOURCE_MAX_BYTES,
  type ContractRunResult,
  type Network,
  rewardsMessages,
  SUITE_TEST_TYPES,
  type SuiteSource,
  suiteSourcesSchema,
  TEST_TYPES,
  type TestType,
} from '@starforge/contracts/rewards';
import { NETWORK_PROFILES } from './networks';

/** The `transaction` test type's one call: a function by name (or full signature for an overload) and its arguments as typed. */
export interface EngineCall {
  function: string;
  /** One string per parameter: numbers in decimal or 0x hex, addresses and bytes as 0x hex, arrays and tuples as JSON arrays. */
  args: string[];
}

export interface EngineRequest {
  /** One Solidity file, at most CONTRACT_SOURCE_MAX_BYTES in UTF-8; imports are refused. '' when `sources` carries a suite. */
  source: string;
  /**
   * A suite (issue 27): named files whose names are their import paths, within suiteSourcesSchema's
   * limits (16 files, 64 KiB each, 256 KiB in all). When present it is the run's code and `source` is unused.
   */
  sources?: SuiteSource[];
  testType: TestType;
  network: Network;
  /** Required for `transaction`, ignored otherwise. */
  call?: EngineCall;
  /**
   * The gas of the user's last run of the same contract, as `gasByFunction` gives it: each
   * function's gas_used by signature, the deployment under `constructor`. Gives each result its gas_change.
   */
  previous?: Record<string, number>;
  /**
   * Which tests of a suite keep their call trace in the result: `failing` (the default) or `all`,
   * for a reader of what a passing test did (a bounty's proof: its exploit test passes, and its
   * calls into the target are the finding). EDR traces every test either way (the gas per
   * function reads them); this only decides what the result carries.
   */
  traces?: 'failing' | 'all';
}

export type EngineResult = ContractRunResult;

/** The key of the deployment in `previous` and in `gasByFunction`. */
export const DEPLOYMENT_KEY = 'constructor';

/** A result's gas by function signature (and the deployment's under `constructor`): the next run's `previous`. */
export const gasByFunction = (result: EngineResult): Record<string, number> => ({
  ...(result.deployment ? { [DEPLOYMENT_KEY]: result.deployment.gas_used } : {}),
  ...Object.fromEntries(result.functions.map((f) => [f.signature, f.gas_used])),
});

/** What is wrong with a request before anything compiles, in the user's words; null when it can run. */
export const requestProblem = (request: EngineRequest): string | null => {
  if (!Object.hasOwn(NETWORK_PROFILES, request.network)) return `There is no network ${String(request.network)}.`;
  if (!TEST_TYPES.includes(request.testType)) return `There is no test type ${String(request.testType)}.`;
  if (request.sources !== undefined) {
    const checked = suiteSourcesSchema.safeParse(request.sources);
    if (!checked.success) return checked.error.issues[0]?.message ?? "Paste a contract's Solidity source.";
    if (request.sources.length > 1 && !(SUITE_TEST_TYPES as readonly string[]).includes(request.testType)) return `${rewardsMessages.suiteOneFileTypes}.`;
  } else {
    if (typeof request.source !== 'string' || request.source.trim() === '') return "Paste a contract's Solidity source.";
    const bytes = Buffer.byteLength(request.source, 'utf8');
    if (bytes > CONTRACT_SOURCE_MAX_BYTES) {
      return `The contract is ${(bytes / 1024).toFixed(1)} KiB; the engine takes at most ${CONTRACT_SOURCE_MAX_BYTES / 1024} KiB.`;
    }
  }
  if (request.testType === 'transaction') {
    const call = request.call;
    if (!call || typeof call.function !== 'string' || call.function.trim() === '') return 'Name the function to call for a transaction test.';
    if (!Array.isArray(call.args) || call.args.some((a) => typeof a !== 'string')) return "Give the call's arguments as a list of text values.";
  }
  return null;
};

/** A run's gas: the deployment's plus each listed function's gas_used once. */
export const totalGas = (result: Pick<EngineResult, 'deployment' | 'functions'>): number =>
  (result.deployment?.gas_used ?? 0) + result.functions.reduce((sum, f) => sum + f.gas_used, 0);

/** A failed result with nothing compiled or run: where every result starts. */
export const failedResult = (request: EngineRequest, solcVersion: string, summary: string): EngineResult => ({
  status: 'failed',
  summary,
  network: request.network,
  test_type: request.testType,
  contract_name: null,
  compiler: { version: solcVersion, evm_version: NETWORK_PROFILES[request.network]?.hardfork ?? 'unknown' },
  deployment: null,
  functions: [],
  errors: [],
  warnings: [],
  findings: [],
  total_gas: 0,
  duration_ms: 0,
});
