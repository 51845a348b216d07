/** What a run may use: the time and memory of its child process, the gas of each call, the campaigns' sizes. */
export interface SuiteLimits {
  /** From spawning the child to its last result; past it the child is killed (SIGKILL). */
  timeMs: number;
  /** The child's data segment (RLIMIT_DATA: its heaps, V8's and EDR's); past it an allocation fails and the child dies. */
  memoryMb: number;
  /** The gas of each call: the test contract's deployment, setUp, each test, each fuzz run and invariant call. */
  gasPerCall: number;
  fuzzRuns?: number;
  invariantRuns?: number;
  invariantDepth?: number;
}

const DEFAULT_FUZZ_RUNS = 256;
const DEFAULT_INVARIANT_RUNS = 256;
/** Foundry's default is 500; 15 keeps a campaign within a second or so on a shared machine (the 256 × 15). */
const DEFAULT_INVARIANT_DEPTH = 15;

/** keccak256("built for ethereum"): Hardhat 3's default seed, so a run repeats and its counter-examples with it. */
const FUZZ_SEED = '0x7727ea51af0441c20da14dcd68a15dac8c9ebd589c5be8fa8c87c1d3720450bc';

/** Foundry's default test sender, as in the first generation. */
const SENDER = '1804c8ab1f12e6bbf3894d4083f33e07309d1f38';

/** solc's name of an EVM version where EDR's differs (solc's `paris` is EDR's `merge`). */
const EDR_HARDFORKS: Record<string, string> = { paris: 'merge' };
export const edrHardfork = (evmVersion: string) => EDR_HARDFORKS[evmVersion] ?? evmVersion;

export interface CampaignSizes {
  fuzzRuns: number;
  invariantRuns: number;
  invariantDepth: number;
  /**
   * Seconds a fuzz campaign may take before EDR stops it and reports it passed as far as it got;
   * null when the run has an invariant test. An invariant campaign inherits the fuzz timeout, and
   * with a timeout EDR ignores its runs and fuzzes until the timeout (64 × 15 became 6,000 runs in
   * 30 s; a timeout of 0 gives 0 runs). Without one, runs (× depth) bound a campaign and the run's
   * time limit the rest.
   */
  campaignTimeoutS: number | null;
}

export const campaignSizes = (limits: SuiteLimits, hasInvariants: boolean): CampaignSizes => ({
  fuzzRuns: limits.fuzzRuns ?? DEFAULT_FUZZ_RUNS,
  invariantRuns: limits.invariantRuns ?? DEFAULT_INVARIANT_RUNS,
  invariantDepth: limits.invariantDepth ?? DEFAULT_INVARIANT_DEPTH,
  // Half the run's time: a long fuzz campaign ends with its result rather than with the child killed.
  campaignTimeoutS: hasInvariants ? null : Math.max(1, Math.floor(limits.timeMs / 2000)),
});

/**
 * EDR's `SolidityTestRunnerConfigArgs`, less what only the child can make (the chain's predeploys
 * and the binding's enums). Nothing of the server reaches a test: ffi off, no file permissions,
 * no RPC endpoints nor fork URL, a project root that is an empty folder. No gas report: it turns
 * on isolation mode, which prices each call as a transaction of its own and changes every test's
 * gas from what the user's own `forge test` shows.
 */
export const runnerConfig = (options: {
  hardfork: string;
  limits: SuiteLimits;
  sizes: CampaignSizes;
  projectRoot: string;
  chainId?: number;
  excludeTestPattern?: string;
}) => {
  const { sizes } = options;
  return {
    projectRoot: options.projectRoot,
    hardfork: edrHardfork(options.hardfork),
    ffi: false,
    fsPermissions: [],
    rpcEndpoints: {},
    isolate: false,
    generateGasReport: false,
    gasLimit: BigInt(options.limits.gasPerCall),
    sender: Uint8Array.from(Buffer.from(SENDER, 'hex')),
    ...(options.chainId === undefined ? {} : { chainId: BigInt(options.chainId) }),
    ...(options.excludeTestPattern === undefined ? {} : { excludeTestPattern: options.excludeTestPattern }),
    fuzz: { runs: sizes.fuzzRuns, seed: FUZZ_SEED, ...(sizes.campaignTimeoutS === null ? {} : { timeout: sizes.campaignTimeoutS }) },
    invariant: { runs: sizes.invariantRuns, depth: sizes.invariantDepth },
  };
};

export type RunnerConfig = ReturnType<typeof runnerConfig>;
