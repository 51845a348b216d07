import { hexToBytes } from '@ethereumjs/util';
import { AUDIT_RULES, CONTRACT_CALL_GAS_LIMIT, type ContractEvent, type FunctionResult } from '@starforge/contracts/rewards';
import { AbiError, type AbiEntry, clip, decodeForDisplay, decodeLog, encodeCall, hex, revertReason, signatureOf } from './abi';
import { type CallResult, type Chain, createChain } from './chain';
import { type CompiledContract, type CompileOutput, compileSource, type Solc } from './compile';
import { NETWORK_PROFILES } from './networks';
import { auditCheckCount, auditFile } from './solhint';
import { engineNote, findingsSummary, gasText, optimizerSummary, placeOf } from './words';
import { DEPLOYMENT_KEY, type EngineRequest, type EngineResult, failedResult, requestProblem, totalGas } from './request';

/** `performance`: each function is called up to this many times, or for about a second, whichever comes first. */
const PERFORMANCE_ITERATIONS = 20;
const PERFORMANCE_BUDGET_MS = 1_000;

/** A call's first events are shown; a loop can emit thousands within its gas. */
const EVENTS_SHOWN = 100;

/** Why a call failed, in words; undefined when it did not. */
const failureOf = (call: CallResult, errors: AbiEntry[]): string | undefined => {
  if (call.error === null) return undefined;
  if (call.error === 'revert') return revertReason(call.returnValue, errors);
  if (call.error === 'out of gas') return `Out of gas: the call used all of its ${gasText(CONTRACT_CALL_GAS_LIMIT)} gas`;
  return `The EVM stopped the call: ${call.error}`;
};

interface Target {
  entry: AbiEntry;
  signature: string;
  selector: string;
  /** Foundry's testFail…: passes when it reverts. */
  expectRevert: boolean;
}

const functionsOf = (contract: CompiledContract) =>
  contract.abi
    .filter((e) => e.type === 'function' && e.name)
    .map((entry) => {
      const signature = signatureOf(entry.name!, entry.inputs);
      return { entry, signature, selector: contract.selectors[signature] ?? '' };
    });

const isTest = (entry: AbiEntry) => entry.name!.startsWith('test');

/** Foundry's convention: every public function named test…, without parameters. */
const testsOf = (contract: CompiledContract): Target[] =>
  functionsOf(contract)
    .filter(({ entry }) => isTest(entry) && (entry.inputs ?? []).length === 0)
    .map((f) => ({ ...f, expectRevert: f.entry.name!.startsWith('testFail') }));

/** When a contract has no tests, `gas_optimization` and `performance` measure every function that takes no arguments. */
const measurableOf = (contract: CompiledContract): Target[] =>
  functionsOf(contract)
    .filter(({ entry }) => entry.name !== 'setUp' && !isTest(entry) && (entry.inputs ?? []).length === 0)
    .map((f) => ({ ...f, expectRevert: false }));

/** Every event and error any compiled contract declares: a test's logs and reverts often come from the contract it tests. */
const declared = (compiled: CompileOutput, type: 'event' | 'error') => compiled.contracts.flatMap((c) => c.abi.filter((e) => e.type === type));

const eventsOf = (call: CallResult, events: AbiEntry[]): ContractEvent[] =>
  call.logs.slice(0, EVENTS_SHOWN).map(([address, topics, data]) => {
    const decoded = decodeLog(events, topics, data);
    return { name: decoded?.name ?? null, args: decoded?.args ?? [], address: hex(address), topics: topics.map(hex), data: clip(hex(data)) };
  });

const withGasChange = (gasUsed: number, key: string, previous: Record<string, number> | undefined) =>
  previous && typeof previous[key] === 'number' ? { gas_change: gasUsed - previous[key] } : {};

const resultOf = (
  target: Pick<Target, 'entry' | 'signature'>,
  call: CallResult,
  expectRevert: boolean,
  errors: AbiEntry[],
  request: EngineRequest,
): FunctionResult => {
  const reason = failureOf(call, errors);
  const reverted = call.error !== null;
  return {
    name: target.entry.name!,
    signature: target.signature,
    outcome: reverted === expectRevert ? 'passed' : 'failed',
    gas_used: call.gasUsed,
    ...(reason ? { revert_reason: reason } : {}),
    ...withGasChange(call.gasUsed, target.signature, request.previous),
  };
};

type Deployed = { chain: Chain; address: NonNullable<CallResult['createdAddress']>; deployment: CallResult; setUp: FunctionResult | null };

/** Deploys the contract on a fresh chain and calls setUp() if it has one; a string says what failed. */
const deployAndSetUp = async (contract: CompiledContract, request: EngineRequest, errors: AbiEntry[]): Promise<Deployed | string> => {
  const chain = await createChain(request.network);
  const deployment = await chain.deploy(hexToBytes(contract.bytecode as `0x${string}`));
  if (deployment.error || !deployment.createdAddress)
    return `Deploying ${contract.name} failed: ${failureOf(deployment, errors) ?? 'no contract was created'}.`;
  const setUpFn = functionsOf(contract).find((f) => f.signature === 'setUp()');
  if (!setUpFn) return { chain, address: deployment.createdAddress, deployment, setUp: null };
  const setUpCall = await chain.call(deployment.createdAddress, hexToBytes(setUpFn.selector as `0x${string}`));
  const setUp = resultOf(setUpFn, setUpCall, false, errors, request);
  return { chain, address: deployment.createdAddress, deployment, setUp };
};

/** Each target from the state after setUp, as Foundry runs each test on a fresh copy. */
const runTargets = async (deployed: Deployed, targets: Target[], errors: AbiEntry[], request: EngineRequest) => {
  const results: { target: Target; call: CallResult; result: FunctionResult }[] = [];
  for (const target of targets) {
    const call = await deployed.chain.isolated(() => deployed.chain.call(deployed.address, hexToBytes(target.selector as `0x${string}`)));
    results.push({ target, call, result: resultOf(target, call, target.expectRevert, errors, request) });
  }
  return results;
};

const failedTestSummary = (functions: FunctionResult[], noun: string) => {
  const failed = functions.filter((f) => f.outcome === 'failed');
  if (failed.length === 0) return null;
  const first = failed[0]!;
  const why = first.revert_reason ? `reverted: ${first.revert_reason}` : 'did not revert, as a testFail… test must';
  return `${failed.length} of ${functions.length} ${noun} failed: ${first.signature} ${why}.`;
};

/**
 * Compiles and runs one request: the whole of a run, in the worker. Everything the user's
 * contract can get wrong ends as a failed result that says why; an exception here is a bug.
 */
export const runContract = async (solc: Solc, request: EngineRequest): Promise<EngineResult> => {
  const started = performance.now();
  const result = failedResult(request, solc.version(), '');
  const done = (status: EngineResult['status'], summary: string): EngineResult => ({
    ...result,
    status,
    summary,
    total_gas: totalGas(result),
    duration_ms: Math.round(performance.now() - started),
  });

  const problem = requestProblem(request);
  if (problem) return done('failed', problem);
  const evmVersion = NETWORK_PROFILES[request.network].hardfork;

  const compiled = compileSource(solc, request.source, { evmVersion, optimize: false });
  result.errors = compiled.errors;
  result.warnings = compiled.warnings;
  const firstError = compiled.errors[0];
  if (firstError) return done('failed', `It does not compile: ${firstError.message}${placeOf(firstError)}.`);

  if (request.testType === 'security_audit') {
    result.contract_name = compiled.contracts.at(-1)?.name ?? null;
    const audit = await auditFile(compiled.ast ?? undefined, request.source);
    if (!audit.solhintRead) result.warnings.push(engineNote("solhint could not read this source; only the engine's own rules ran."));
    result.findings = audit.findings;
    const found = findingsSummary(result.findings);
    return found ? done('failed', found) : done('completed', `None of the ${auditCheckCount(AUDIT_RULES.length)} checks found anything.`);
  }

  const deployable = compiled.contracts.filter((c) => c.deployable);
  const wanted = (c: CompiledContract) =>
    request.testType === 'transaction'
      ? functionsOf(c).some((f) => f.entry.name === request.call?.function || f.signature === request.call?.function)
      : testsOf(c).length > 0;
  const contract = deployable.filter(wanted).at(-1) ?? deployable.at(-1);
  if (!contract) return done('failed', 'There is no contract to deploy: the source holds only interfaces, libraries or abstract contracts.');
  result.contract_name = contract.name;
  const constructorInputs = contract.abi.find((e) => e.type === 'constructor')?.inputs ?? [];
  if (constructorInputs.length > 0) {
    return done(
      'failed',
      `${contract.name}'s constructor takes arguments (${signatureOf('', constructorInputs).slice(1, -1)}) and the engine deploys with none: give them defaults, or deploy it from a test contract's setUp().`,
    );
  }
  for (const f of functionsOf(contract).filter(({ entry }) => isTest(entry) && (entry.inputs ?? []).length > 0)) {
    result.warnings.push(engineNote(`${f.signature} takes arguments (a fuzz test in Foundry) and was not run.`));
  }

  const errors = declared(compiled, 'error');
  const deployed = await deployAndSetUp(contract, request, errors);
  if (typeof deployed === 'string') return done('failed', deployed);
  result.deployment = {
    gas_used: deployed.deployment.gasUsed,
    code_size: contract.codeSize,
    ...withGasChange(deployed.deployment.gasUsed, DEPLOYMENT_KEY, request.previous),
  };
  if (deployed.setUp) {
    result.functions.push(deployed.setUp);
    if (deployed.setUp.outcome === 'failed') return done('failed', `setUp() reverted: ${deployed.setUp.revert_reason}.`);
  }

  if (request.testType === 'transaction') return done(...(await runTransaction(deployed, contract, compiled, request, result)));

  const tests = testsOf(contract);
  if (request.testType === 'smart_contract') {
    if (tests.length === 0) {
      return done('failed', `${contract.name} has no tests: name public functions without parameters test… (Foundry's convention), e.g. testIncrement().`);
    }
    result.functions.push(...(await runTargets(deployed, tests, errors, request)).map((r) => r.result));
    const failed = failedTestSummary(result.functions, 'tests');
    return failed ? done('failed', failed) : done('completed', `All ${tests.length} tests passed.`);
  }

  const targets = tests.length > 0 ? tests : measurableOf(contract);
  if (targets.length === 0) return done('failed', `${contract.name} has no tests and no function without parameters to measure.`);
  const ran = await runTargets(deployed, targets, errors, request);
  result.functions.push(...ran.map((r) => r.result));
  const noun = tests.length > 0 ? 'tests' : 'functions';

  if (request.testType === 'performance') {
    for (const [i, { target, call }] of ran.entries()) {
      const times = [call.ms];
      const data = hexToBytes(target.selector as `0x${string}`);
      while (times.length < PERFORMANCE_ITERATIONS && times.reduce((a, b) => a + b, 0) < PERFORMANCE_BUDGET_MS) {
        times.push((await deployed.chain.isolated(() => deployed.chain.call(deployed.address, data))).ms);
      }
      const round = (ms: number) => Math.round(ms * 1000) / 1000;
      result.functions[result.functions.length - ran.length + i]!.timings = {
        iterations: times.length,
        mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
        min_ms: round(Math.min(...times)),
        max_ms: round(Math.max(...times)),
      };
    }
    const failed = failedTestSummary(result.functions, noun);
    if (failed) return done('failed', failed);
    const slowest = result.functions.filter((f) => f.timings).sort((a, b) => b.timings!.mean_ms - a.timings!.mean_ms)[0]!;
    return done(
      'completed',
      `${targets.length} ${noun} timed; the slowest, ${slowest.signature}, takes ${slowest.timings!.mean_ms} ms and ${gasText(slowest.gas_used)} gas a call.`,
    );
  }

  // gas_optimization: the same calls on a second chain, compiled with the optimizer on.
  const optimized = compileSource(solc, request.source, { evmVersion, optimize: true });
  const optimizedContract = optimized.contracts.find((c) => c.name === contract.name);
  if (optimized.errors.length > 0 || !optimizedContract) {
    result.errors.push(...optimized.errors.map((e) => ({ ...e, message: `With the optimizer on: ${e.message}` })));
    return done('failed', `With the optimizer on it does not compile: ${optimized.errors[0]?.message ?? 'the contract is missing'}.`);
  }
  const deployedOn = await deployAndSetUp(optimizedContract, request, errors);
  if (typeof deployedOn === 'string') return done('failed', `With the optimizer on: ${deployedOn}`);
  result.deployment.optimized_gas = deployedOn.deployment.gasUsed;
  if (deployed.setUp && deployedOn.setUp) deployed.setUp.optimized_gas = deployedOn.setUp.gas_used;
  const onBySignature = new Map((await runTargets(deployedOn, targets, errors, request)).map((r) => [r.target.signature, r.call.gasUsed]));
  for (const f of result.functions) if (onBySignature.has(f.signature)) f.optimized_gas = onBySignature.get(f.signature);
  const failed = failedTestSummary(result.functions, noun);
  if (failed) return done('failed', failed);
  return done('completed', optimizerSummary([result.deployment, ...result.functions], `the deployment and ${targets.length} ${noun}`));
};

const runTransaction = async (
  deployed: Deployed,
  contract: CompiledContract,
  compiled: CompileOutput,
  request: EngineRequest,
  result: EngineResult,
): Promise<[EngineResult['status'], string]> => {
  const call = request.call!;
  const available = functionsOf(contract);
  const list = available.map((f) => f.signature).join(', ') || 'none';
  const byName = available.filter((f) => f.signature === call.function.trim() || f.entry.name === call.function.trim());
  const matching = byName.length > 1 ? byName.filter((f) => (f.entry.inputs ?? []).length === call.args.length) : byName;
  if (byName.length === 0) return ['failed', `${contract.name} has no function ${call.function}; its functions: ${list}.`];
  if (matching.length !== 1) return ['failed', `${call.function} is overloaded: name it with its types, one of ${byName.map((f) => f.signature).join(', ')}.`];
  const target = matching[0]!;
  const inputs = target.entry.inputs ?? [];
  if (inputs.length !== call.args.length) {
    return ['failed', `${target.signature} takes ${inputs.length} argument${inputs.length === 1 ? '' : 's'}; ${call.args.length} given.`];
  }
  let data: Uint8Array;
  try {
    data = encodeCall(target.selector, inputs, call.args);
  } catch (e) {
    if (e instanceof AbiError) return ['failed', `${e.message}.`];
    throw e;
  }
  const outcome = await deployed.chain.call(deployed.address, data);
  const fn = resultOf(target, outcome, false, declared(compiled, 'error'), request);
  fn.events = eventsOf(outcome, declared(compiled, 'event'));
  if (!outcome.error) {
    fn.return_data = clip(hex(outcome.returnValue));
    const values = decodeForDisplay(target.entry.outputs ?? [], outcome.returnValue);
    if (values) fn.return_values = values;
  }
  result.functions.push(fn);
  if (fn.outcome === 'failed') return ['failed', `${target.signature} reverted: ${fn.revert_reason}.`];
  const returned = fn.return_values?.length ? `, returned ${fn.return_values.map((v) => v.value).join(', ')}` : '';
  const events = fn.events.length ? ` and emitted ${fn.events.map((e) => e.name ?? 'an unknown event').join(', ')}` : '';
  return ['completed', `${target.signature} succeeded with ${gasText(fn.gas_used)} gas${returned}${events}.`];
};
