// The child process that runs one suite on EDR (spawned by spawn.ts: an empty environment, its
// data segment capped, killed at the run's time limit). It may be spawned ahead of its run, as
// a spare (spare.ts): it loads EDR, says ready, and waits for its one job. Plain JavaScript so that it starts with
// no loader: it only drives EDR and hands back plain values over the IPC channel (advanced
// serialization, so bigints and byte arrays cross as they are); the parent shapes the result.
import {
  CollectStackTraces,
  EdrContext,
  IncludeTraces,
  L1_CHAIN_TYPE,
  l1GenesisState,
  l1HardforkFromString,
  l1SolidityTestRunnerFactory,
} from '@nomicfoundation/edr';

/** A trace's frames past this many are left out: a recursion can make thousands within its gas. */
const FRAMES_MAX = 1_000;
const LOG_KIND = 5;

const send = (message) => process.send?.(message);
const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const hex = (bytes) => `0x${Buffer.from(bytes).toString('hex')}`;

// The parent gone (its process, or the worker thread that spawned this one, ended): nobody will
// send a run or read a result, so a waiting spare leaves no process behind.
process.once('disconnect', () => process.exit(0));

const context = new EdrContext();
await context.registerSolidityTestRunnerFactory(L1_CHAIN_TYPE, l1SolidityTestRunnerFactory());
send({ type: 'ready', startMs: Math.round(performance.now()), rssMb: rssMb() });

/** One call frame and its calls, depth first; events are left out (console.log lines come decoded on their own). */
const frameOf = (trace, budget) => {
  budget.left--;
  const decoded = !(trace.inputs instanceof Uint8Array);
  const creation = trace.kind === 4;
  return {
    kind: trace.kind,
    success: trace.success,
    cheatcode: trace.isCheatcode,
    gas: Number(trace.gasUsed),
    value: trace.value.toString(),
    address: trace.address,
    contract: trace.contract ?? null,
    name: decoded ? trace.inputs.name : null,
    args: decoded ? trace.inputs.arguments : null,
    // A creation's input is its whole init code: only its size matters to a reader.
    input: decoded ? null : creation ? `${trace.inputs.length} bytes of init code` : hex(trace.inputs.subarray(0, 4_096)),
    output: typeof trace.outputs === 'string' ? trace.outputs : null,
    outputHex: trace.outputs instanceof Uint8Array ? hex(trace.outputs.subarray(0, 4_096)) : null,
    children: childrenOf(trace, budget),
  };
};

function childrenOf(trace, budget) {
  const children = [];
  for (const child of trace.children) {
    if (child.kind === LOG_KIND) continue;
    if (budget.left <= 0) break;
    children.push(frameOf(child, budget));
  }
  return children;
}

const counterexampleOf = (found) => {
  if (!found) return null;
  const call = (c) => ({
    calldata: hex(c.calldata),
    sender: c.sender ? hex(c.sender) : null,
    address: c.address ? hex(c.address) : null,
    contractName: c.contractName ?? null,
    signature: c.signature ?? null,
  });
  return 'sequence' in found ? { sequence: found.sequence.map(call), originalSize: Number(found.originalSequenceSize) } : { call: call(found) };
};

const kindOf = (kind) => {
  if ('consumedGas' in kind) return { type: 'unit', gas: Number(kind.consumedGas) };
  if ('meanGas' in kind) return { type: 'fuzz', runs: Number(kind.runs), meanGas: Number(kind.meanGas), medianGas: Number(kind.medianGas) };
  return { type: 'invariant', runs: Number(kind.runs), calls: Number(kind.calls), reverts: Number(kind.reverts) };
};

const testOf = (test) => {
  const budget = { left: FRAMES_MAX };
  return {
    name: test.name,
    status: test.status,
    reason: test.reason ?? null,
    durationMs: Number(test.durationNs) / 1e6,
    logs: test.decodedLogs,
    kind: kindOf(test.kind),
    counterexample: counterexampleOf(test.counterexample),
    traces: test.callTraces().map((root) => frameOf(root, budget)),
  };
};

process.once('message', async ({ job }) => {
  try {
    const hardfork = l1HardforkFromString(job.config.hardfork);
    const config = {
      ...job.config,
      localPredeploys: l1GenesisState(hardfork),
      // Traces of every test: a failure's trace, and the calls of passing tests for the gas per function.
      includeTraces: IncludeTraces.All,
      collectStackTraces: CollectStackTraces.OnFailure,
    };
    // No build infos (artifacts.ts): they serve only Solidity stack traces, which nothing reads.
    // runSolidityTests may resolve before its last suite's callback (Hardhat counts the suites
    // too): the run is over when every suite has reported.
    let reported = 0;
    let allReported;
    const everySuite = new Promise((resolve) => {
      allReported = resolve;
    });
    if (job.testSuites.length === 0) allReported();
    await context.runSolidityTests(L1_CHAIN_TYPE, job.artifacts, job.testSuites, config, { buildInfos: [], ignoreContracts: false }, (suite) => {
      send({ type: 'suite', suite: { name: suite.id.name, source: suite.id.source, warnings: suite.warnings, tests: suite.testResults.map(testOf) } });
      if (++reported === job.testSuites.length) allReported();
    });
    await everySuite;
    send({ type: 'done', rssMb: rssMb() });
  } catch (error) {
    // EDR's refusal of a suite's inline configuration carries each problem, placed in its file.
    const inlineConfigErrors = Array.isArray(error?.inlineConfigErrors) ? error.inlineConfigErrors : null;
    send({ type: 'error', message: error instanceof Error ? error.message : String(error), inlineConfigErrors, rssMb: rssMb() });
  }
  // The parent ends this process once it has the last message.
});
