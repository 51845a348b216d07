import '../shared/zod';
import { z } from 'zod';
import { gasCheckOutcomeSchema } from './contract-gas-history';
import { abiValueSchema, suiteResultFieldsSchema, suiteTestFieldsSchema, throughputSchema } from './contract-suite';
import { NETWORKS, TEST_TYPES } from './test-runs';

/**
 * What the Testing Engine answers for a run of the user's own contract (issue 20): the engine
 * (`@starforge/contract-engine`) builds it in a worker, the rewards service keeps it with the run
 * and the run's page shows it. snake_case like every other wire format of the product.
 */

/** The gas each call (deployment, setUp, a test, the user's transaction) may use. */
export const CONTRACT_CALL_GAS_LIMIT = 10_000_000;

const gas = z.number().int().nonnegative();

/** One message of the compiler (or of the engine, `type: 'Engine'`), placed in the source when it has a place. */
export const compilerMessageSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  /** solc's kind: ParserError, DeclarationError, TypeError, Warning, …; `Engine` for the engine's own notes. */
  type: z.string(),
  message: z.string(),
  /** 1-based, in characters of the pasted source; null when the message has no place (a setting, a limit). */
  line: z.number().int().positive().nullable(),
  column: z.number().int().positive().nullable(),
  /** A suite's file the line and column are in (`test/Vault.t.sol`, `forge-std/Test.sol`); absent on a one-file run. */
  file: z.string().optional(),
});
export type CompilerMessage = z.infer<typeof compilerMessageSchema>;

/** A log the call emitted; `name` and `args` when the contract's ABI declares the event. */
export const contractEventSchema = z.object({
  name: z.string().nullable(),
  args: z.array(abiValueSchema),
  address: z.string(),
  topics: z.array(z.string()),
  data: z.string(),
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

/** The `performance` test type: the same call repeated on the same state, in milliseconds. */
export const callTimingsSchema = z.object({
  iterations: z.number().int().positive(),
  mean_ms: z.number().nonnegative(),
  min_ms: z.number().nonnegative(),
  max_ms: z.number().nonnegative(),
});
export type CallTimings = z.infer<typeof callTimingsSchema>;

/** One function the run called: a test, setUp, the user's transaction or a measured function. */
export const functionResultSchema = z.object({
  /** The function's name as written (`testWithdraw`); `signature` tells overloads apart. */
  name: z.string(),
  signature: z.string(),
  outcome: z.enum(['passed', 'failed']),
  /**
   * The gas the EVM reports for the call's execution (`executionGasUsed`), optimizer off: what the
   * code costs, without a transaction's 21,000 base and calldata, before any refund.
   */
  gas_used: gas,
  /** Why the call reverted, decoded (Error(string), Panic, a custom error, out of gas); absent when it did not. */
  revert_reason: z.string().optional(),
  /** The first 100 events of the call. */
  events: z.array(contractEventSchema).optional(),
  /** `transaction`: what the call returned, raw (0x hex) and decoded. */
  return_data: z.string().optional(),
  return_values: z.array(abiValueSchema).optional(),
  /** `gas_optimization`: the same call compiled with the optimizer on (200 runs). */
  optimized_gas: gas.optional(),
  /** gas_used minus that of the same function in the user's last run of this contract. */
  gas_change: z.number().int().optional(),
  timings: callTimingsSchema.optional(),
  /** `performance` of a suite's passing test: its calls and gas per second on EDR. */
  throughput: throughputSchema.optional(),
  /** A suite's test (second generation): its kind, contract, logs, trace, fuzz and invariant facts. */
  test: suiteTestFieldsSchema.optional(),
});
export type FunctionResult = z.infer<typeof functionResultSchema>;

export const AUDIT_RULES = ['tx-origin-auth', 'unchecked-call', 'delegatecall-to-input', 'selfdestruct', 'state-after-call'] as const;
export type AuditRule = (typeof AUDIT_RULES)[number];
/** A rule of solhint's security set (issue 27), named `solhint/<its id>`: `solhint/not-rely-on-time`. */
export type SolhintRule = `solhint/${string}`;

/** A `security_audit` finding: which rule, how serious, where. */
export const auditFindingSchema = z.object({
  /** One of the engine's own rules, or one of solhint's (`solhint/…`). */
  rule: z.union([z.enum(AUDIT_RULES), z.string().regex(/^solhint\/[a-z0-9-]+$/)]),
  title: z.string(),
  severity: z.enum(['high', 'medium', 'low']),
  /** What was found, naming the function. */
  message: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  /** A suite's finding: the file it is in. */
  file: z.string().optional(),
});
export type AuditFinding = z.infer<typeof auditFindingSchema>;

export const contractRunResultSchema = z.object({
  /** completed: it compiled and every test (or the call, or every audit check) passed. */
  status: z.enum(['completed', 'failed']),
  /** One sentence for the run's card: what passed, or the first thing that failed and why. */
  summary: z.string(),
  network: z.enum(NETWORKS),
  test_type: z.enum(TEST_TYPES),
  /** The contract the run deployed or audited; null when nothing compiled. */
  contract_name: z.string().nullable(),
  compiler: z.object({ version: z.string(), evm_version: z.string() }),
  /** The deployment (constructor) of contract_name; null when nothing was deployed. */
  deployment: z
    .object({
      gas_used: gas,
      optimized_gas: gas.optional(),
      gas_change: z.number().int().optional(),
      /** Bytes of runtime code. */
      code_size: z.number().int().nonnegative(),
    })
    .nullable(),
  functions: z.array(functionResultSchema),
  errors: z.array(compilerMessageSchema),
  warnings: z.array(compilerMessageSchema),
  findings: z.array(auditFindingSchema),
  /** The deployment's gas plus each listed function's gas_used: the run's gas_used. */
  total_gas: gas,
  /** From the worker taking the run to its result (compiling included). */
  duration_ms: z.number().int().nonnegative(),
  /** A suite run's files, counts, per-function gas and deployments (second generation). */
  suite: suiteResultFieldsSchema.optional(),
  /** The run's gas check against the suite's last completed run, when the run asked for one (issue 27 §3). */
  gas_check: gasCheckOutcomeSchema.optional(),
});
export type ContractRunResult = z.infer<typeof contractRunResultSchema>;
