import '../shared/zod';
import { z } from 'zod';

/**
 * The Testing Engine's second generation (issue 27): a run takes a small project of named
 * Solidity sources (the contracts under test and Foundry-style test files) instead of one
 * pasted file. These are the wire shapes every part shares: the request's sources, and what a
 * suite's tests answer beside the first generation's fields of `functionResultSchema`.
 */

/** At most this many files in one run. */
export const SUITE_MAX_FILES = 16;
/** Each file, in UTF-8 (the first generation's one-file limit). */
export const SUITE_FILE_MAX_BYTES = 64 * 1024;
/** All files of a run together, in UTF-8. */
export const SUITE_MAX_BYTES = 256 * 1024;

/**
 * A source's name is its import path: `Vault.sol`, `src/Vault.sol`, `test/Vault.t.sol`. Plain
 * folders and file names only, ending in `.sol`; never absolute, never `..`, never `forge-std/…`
 * or `@…` (those names belong to the libraries the product installs).
 */
export const SUITE_FILE_NAME = /^(?!forge-std\/)(?!@)(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}\.sol$/;

export const suiteFileNameProblem = (name: string): string | null => {
  if (!SUITE_FILE_NAME.test(name) || name.split('/').some((part) => part === '.' || part === '..')) {
    return `A file name is a path ending in .sol, with letters, digits, '-', '_' and '.' only (${JSON.stringify(name.slice(0, 80))} is not).`;
  }
  return null;
};

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const suiteSourceSchema = z.object({
  name: z.string().superRefine((name, ctx) => {
    const problem = suiteFileNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  content: z.string().refine((s) => utf8Bytes(s) <= SUITE_FILE_MAX_BYTES, `A file may hold at most ${SUITE_FILE_MAX_BYTES / 1024} KiB.`),
});
export type SuiteSource = z.infer<typeof suiteSourceSchema>;

export const suiteSourcesSchema = z
  .array(suiteSourceSchema)
  .min(1, 'Add at least one Solidity file.')
  .max(SUITE_MAX_FILES, `A run takes at most ${SUITE_MAX_FILES} files.`)
  .superRefine((sources, ctx) => {
    const seen = new Set<string>();
    for (const source of sources) {
      if (seen.has(source.name)) ctx.addIssue({ code: 'custom', message: `Two files are named ${source.name}.` });
      seen.add(source.name);
    }
    if (sources.every((s) => s.content.trim() === '')) ctx.addIssue({ code: 'custom', message: "Paste a contract's Solidity source." });
    const total = sources.reduce((sum, s) => sum + utf8Bytes(s.content), 0);
    if (total > SUITE_MAX_BYTES)
      ctx.addIssue({ code: 'custom', message: `The files hold ${(total / 1024).toFixed(1)} KiB together; a run takes at most ${SUITE_MAX_BYTES / 1024} KiB.` });
  });

/** The test types a run of several files can be; a transaction is one described call to one file's contract. */
export const SUITE_TEST_TYPES = ['smart_contract', 'gas_optimization', 'security_audit', 'performance'] as const;

/** The import paths a suite may use beside its own files: the libraries installed with the product. */
export const SUITE_LIBRARY_PREFIXES = ['forge-std/', '@openzeppelin/contracts/'] as const;

/**
 * A decoded value: integers in decimal, addresses, bytes and hashes as 0x hex, booleans as
 * true/false, arrays and tuples as JSON of those strings. Values, hex data and reasons longer
 * than 2,000 characters are cut there and end with '…'.
 */
export const abiValueSchema = z.object({ name: z.string(), type: z.string(), value: z.string() });
export type AbiValue = z.infer<typeof abiValueSchema>;

/** What kind of test a function is, by Foundry's conventions. */
export const SUITE_TEST_KINDS = ['unit', 'fuzz', 'invariant'] as const;
export type SuiteTestKind = (typeof SUITE_TEST_KINDS)[number];

const gas = z.number().int().nonnegative();

/** One frame of a call trace, depth-first; `depth` 0 is the test function's own call. */
export const traceFrameSchema = z.object({
  depth: z.number().int().nonnegative(),
  /** CALL, STATICCALL, DELEGATECALL, CREATE, CREATE2 */
  kind: z.string(),
  /** The contract's name when the run compiled it (or a `label`), else its address. */
  contract: z.string(),
  /** `withdraw(uint256)`; the selector's hex when unknown; `constructor` for a creation. */
  function: z.string(),
  /** Decoded arguments when known, else the raw calldata. */
  args: z.string(),
  gas_used: gas,
  value: z.string().optional(),
  /** reverted: the frame reverted (its `output` is the decoded reason). */
  outcome: z.enum(['returned', 'reverted', 'stopped']),
  output: z.string(),
});
export type TraceFrame = z.infer<typeof traceFrameSchema>;

/** One call of an invariant campaign's failing sequence, in order. */
export const invariantCallSchema = z.object({
  sender: z.string(),
  contract: z.string(),
  function: z.string(),
  args: z.array(abiValueSchema),
});
export type InvariantCall = z.infer<typeof invariantCallSchema>;

/** A suite test's own fields, beside name, signature, outcome, gas_used and revert_reason. */
export const suiteTestFieldsSchema = z.object({
  kind: z.enum(SUITE_TEST_KINDS),
  /** The test contract (`VaultTest`) and its file. */
  contract: z.string(),
  file: z.string(),
  duration_ms: z.number().nonnegative(),
  /** `console.log` lines, in order. */
  logs: z.array(z.string()),
  /** A failure's call trace; absent for passing tests unless the run asked for every trace (EngineRequest.traces 'all'). */
  trace: z.array(traceFrameSchema).optional(),
  /** A failed assertion's or a refused cheatcode's words when that is why it failed. */
  failure: z.string().optional(),
  fuzz: z
    .object({
      runs: z.number().int().nonnegative(),
      mean_gas: gas,
      median_gas: gas,
      /** The failing input, shrunk: the arguments decoded, and the calldata that replays it. */
      counterexample: z.object({ args: z.array(abiValueSchema), calldata: z.string() }).optional(),
    })
    .optional(),
  invariant: z
    .object({
      runs: z.number().int().nonnegative(),
      depth: z.number().int().nonnegative(),
      calls: z.number().int().nonnegative(),
      reverts: z.number().int().nonnegative(),
      /** The call sequence that broke the invariant, shrunk. */
      sequence: z.array(invariantCallSchema).optional(),
    })
    .optional(),
  /** The campaign was stopped by its time limit before its runs were done: it passed only as far as it got. */
  stopped_by_timeout: z.boolean().optional(),
});
export type SuiteTestFields = z.infer<typeof suiteTestFieldsSchema>;

const gasStatsShape = {
  calls: z.number().int().positive(),
  min: gas,
  mean: gas,
  median: gas,
  max: gas,
};

/** Per contract function, over every call the suite's passing tests made to it (forge's gas report). */
export const functionGasSchema = z.object({
  contract: z.string(),
  /** `withdraw(uint256)` */
  function: z.string(),
  ...gasStatsShape,
  /** `gas_optimization`: the same function over the same tests, compiled with the optimizer on (200 runs). */
  optimized: z.object(gasStatsShape).optional(),
});
export type FunctionGas = z.infer<typeof functionGasSchema>;

/** Each non-test contract the suite deployed: its creation gas and runtime size. */
export const deploymentGasSchema = z.object({ contract: z.string(), gas_used: gas, code_size: z.number().int().nonnegative() });
export type DeploymentGas = z.infer<typeof deploymentGasSchema>;

/**
 * A `performance` run of a suite: what its tests executed on EDR in the time EDR measured them.
 * A call is one execution of a test function (a unit test once, a fuzz test once per run) or one
 * call of an invariant campaign; gas is what those calls used (a fuzz test's runs × its mean gas),
 * setUp left out of both. An invariant campaign reports no gas: `gas` and `gas_per_second` are null.
 */
export const throughputSchema = z.object({
  calls: z.number().int().nonnegative(),
  gas: gas.nullable(),
  /** The time EDR measured, in milliseconds: the tests' own execution, not compiling nor starting the engine. */
  duration_ms: z.number().nonnegative(),
  calls_per_second: z.number().int().nonnegative(),
  gas_per_second: z.number().int().nonnegative().nullable(),
});
export type Throughput = z.infer<typeof throughputSchema>;

/** The suite-level part of a result (absent on a first-generation, one-file run). */
export const suiteResultFieldsSchema = z.object({
  files: z.array(z.string()),
  tests_total: z.number().int().nonnegative(),
  tests_passed: z.number().int().nonnegative(),
  function_gas: z.array(functionGasSchema),
  deployments: z.array(deploymentGasSchema),
  /** true when the compiler output came from the cache (same sources and settings). */
  compile_cached: z.boolean(),
  compile_ms: z.number().int().nonnegative(),
  /**
   * `performance`: the passing tests together, their calls and gas over the sum of their times
   * (gas over the times of the tests that report gas).
   */
  throughput: throughputSchema.optional(),
});
export type SuiteResultFields = z.infer<typeof suiteResultFieldsSchema>;

/** A run's progress while its suite runs, sent live to its page. */
export const suiteProgressSchema = z.object({
  phase: z.enum(['compiling', 'running']),
  tests_done: z.number().int().nonnegative(),
  tests_total: z.number().int().nonnegative(),
});
export type SuiteProgress = z.infer<typeof suiteProgressSchema>;
