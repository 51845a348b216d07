import { AUDIT_RULES, type AuditFinding, type CompilerMessage, type FunctionResult, type SuiteSource } from '@starforge/contracts/rewards';
import type { AstNode } from '../ast';
import { NETWORK_PROFILES } from '../networks';
import { type EngineRequest, type EngineResult, failedResult, requestProblem, totalGas } from '../request';
import { auditCheckCount, auditFile, byPlace } from '../solhint';
import { engineNote, findingsSummary, optimizerSummary, placeOf, tookTooLong } from '../words';
import { type CompiledSuite, compileSuite } from './compile';
import { withOptimizedFunctionGas } from './optimizer';
import { performanceOf } from './performance';
import { runSuite, type SuiteOutcome } from './run';

/** What a suite's run may use, set by the pool (time from when its worker took the run). */
export interface SuiteRequestLimits {
  /** When the pool stops the run's worker (performance.now() of this thread); the suite's child is killed before. */
  deadline: number;
  /** The time limit as the user reads it: "took longer than N s". */
  runTimeoutMs: number;
  memoryMb: number;
  gasPerCall: number;
}

export type SuiteProgressListener = (progress: { phase: 'compiling' | 'running'; testsDone: number; testsTotal: number }) => void;

/** The child is killed this long before the pool's own deadline, so the run ends with its tests, not by the pool. */
const CHILD_DEADLINE_MARGIN_MS = 1_000;

const summaryOfTests = (functions: FunctionResult[]): { status: EngineResult['status']; summary: string } => {
  if (functions.length === 0) {
    return { status: 'failed', summary: 'The suite has no tests: name public functions test… or invariant… in a contract that imports forge-std/Test.sol.' };
  }
  const failed = functions.filter((f) => f.outcome === 'failed');
  const first = failed[0];
  if (!first) return { status: 'completed', summary: `All ${functions.length} tests passed.` };
  const where = first.test ? `${first.test.contract}.${first.signature}` : first.signature;
  const why = first.test?.failure ?? first.revert_reason ?? 'it failed';
  return { status: 'failed', summary: `${failed.length} of ${functions.length} tests failed: ${where}: ${why}.` };
};

/** Each of the user's files through the engine's audit rules and solhint's, each finding naming its file. */
const auditSuite = async (compiled: CompiledSuite, sources: SuiteSource[], notes: CompilerMessage[]): Promise<AuditFinding[]> => {
  const output = compiled.output as { sources?: Record<string, { ast?: AstNode }> };
  const findings: AuditFinding[] = [];
  for (const source of sources) {
    const audit = await auditFile(output.sources?.[source.name]?.ast, source.content);
    if (!audit.solhintRead) notes.push(engineNote(`solhint could not read ${source.name}; only the engine's own rules ran on it.`));
    findings.push(...audit.findings.map((finding) => ({ ...finding, file: source.name })));
  }
  return findings.sort(byPlace);
};

/**
 * A run of named sources (issue 27): compiled with the suite's imports (compile.ts), then its
 * Foundry-style tests on EDR in a child process the OS limits (run.ts). `smart_contract` runs the
 * suite; `gas_optimization` runs it twice, optimizer off and on, and gives each test and each
 * contract function both gas figures; `performance` runs it once and gives each passing test its
 * calls and gas per second (performance.ts); `security_audit` checks each of the user's files
 * with the audit rules and deploys nothing. Resolves for everything the suite can get wrong; a compiler crash throws (the worker
 * is then replaced, as for a one-file run).
 */
export const runSuiteRequest = async (request: EngineRequest, limits: SuiteRequestLimits, onProgress?: SuiteProgressListener): Promise<EngineResult> => {
  const started = performance.now();
  const sources = request.sources ?? [];
  const problem = requestProblem(request);
  if (problem) return { ...failedResult(request, 'unknown', problem), duration_ms: Math.round(performance.now() - started) };
  const profile = NETWORK_PROFILES[request.network];
  const evmVersion = profile.hardfork;
  onProgress?.({ phase: 'compiling', testsDone: 0, testsTotal: 0 });
  const compiled = await compileSuite(sources, { evmVersion });
  const result: EngineResult = {
    ...failedResult(request, compiled.solcVersion, ''),
    errors: compiled.errors,
    warnings: [...compiled.warnings],
  };
  const done = (status: EngineResult['status'], summary: string): EngineResult => ({
    ...result,
    status,
    summary,
    total_gas: totalGas(result),
    duration_ms: Math.round(performance.now() - started),
  });
  const firstError = compiled.errors[0];
  if (firstError) return done('failed', `It does not compile: ${firstError.message}${placeOf(firstError)}.`);

  if (request.testType === 'security_audit') {
    result.findings = await auditSuite(compiled, sources, result.warnings);
    const found = findingsSummary(result.findings);
    if (found) return done('failed', found);
    return done(
      'completed',
      `None of the ${auditCheckCount(AUDIT_RULES.length)} checks found anything in ${sources.length} file${sources.length === 1 ? '' : 's'}.`,
    );
  }

  const run = async (suite: CompiledSuite, report: boolean): Promise<SuiteOutcome | string> => {
    const timeMs = Math.floor(limits.deadline - performance.now() - CHILD_DEADLINE_MARGIN_MS);
    if (timeMs < CHILD_DEADLINE_MARGIN_MS) return tookTooLong(limits.runTimeoutMs);
    return runSuite(suite, {
      limits: { timeMs, memoryMb: limits.memoryMb, gasPerCall: limits.gasPerCall },
      statedTimeMs: limits.runTimeoutMs,
      chainId: profile.chainId,
      ...(request.traces ? { traces: request.traces } : {}),
      ...(report && onProgress ? { onProgress: (p: { testsDone: number; testsTotal: number }) => onProgress({ phase: 'running', ...p }) } : {}),
    });
  };

  const off = await run(compiled, true);
  if (typeof off === 'string') return done('failed', off);
  result.functions = off.functions;
  result.suite = off.suite;
  result.warnings.push(...off.notes.map(engineNote));
  const [mainDeployment] = off.suite.deployments;
  result.contract_name = mainDeployment?.contract ?? off.functions[0]?.test?.contract ?? null;
  if (mainDeployment) result.deployment = { gas_used: mainDeployment.gas_used, code_size: mainDeployment.code_size };
  if (off.failure) return done('failed', off.failure);
  const tests = summaryOfTests(off.functions);
  if (request.testType === 'performance') {
    const measured = performanceOf(result.functions, tests);
    if (measured.throughput) off.suite.throughput = measured.throughput;
    return done(measured.status, measured.summary);
  }
  if (request.testType === 'smart_contract' || tests.status === 'failed') return done(tests.status, tests.summary);

  // gas_optimization: the same suite compiled with the optimizer on (200 runs), each test's gas beside.
  const optimized = await compileSuite(sources, { evmVersion, optimizer: { enabled: true, runs: 200 } });
  const optimizedError = optimized.errors[0];
  if (optimizedError) return done('failed', `With the optimizer on it does not compile: ${optimizedError.message}${placeOf(optimizedError)}.`);
  const on = await run(optimized, false);
  if (typeof on === 'string') return done('failed', on);
  if (on.failure) return done('failed', `With the optimizer on: ${on.failure}`);
  const key = (f: FunctionResult) => `${f.test?.file}:${f.test?.contract}.${f.signature}`;
  const onGas = new Map(on.functions.map((f) => [key(f), f.gas_used]));
  for (const f of result.functions) if (onGas.has(key(f))) f.optimized_gas = onGas.get(key(f));
  const onDeployment = on.suite.deployments.find((d) => d.contract === mainDeployment?.contract);
  if (result.deployment && onDeployment) result.deployment.optimized_gas = onDeployment.gas_used;
  off.suite.function_gas = withOptimizedFunctionGas(off.suite.function_gas, on.suite.function_gas);
  const measured = [...(result.deployment ? [result.deployment] : []), ...result.functions];
  return done('completed', optimizerSummary(measured, `${result.deployment ? 'the deployment and ' : ''}${result.functions.length} tests`));
};
