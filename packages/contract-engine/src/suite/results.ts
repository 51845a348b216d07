import type { FunctionResult, InvariantCall, SuiteTestFields } from '@starforge/contracts/rewards';
import { type Decoder, shortName } from './decode';
import type { CampaignSizes } from './config';
import type { ChildCall, ChildTest } from './protocol';
import { traceOf } from './trace';
import { gasText } from '../words';

/**
 * EDR's words for a cheatcode the run refuses name command-line flags and config keys a user of
 * this product cannot set; these say what is refused and why.
 */
const REFUSED: [RegExp, (cheatcode: string) => string][] = [
  [/^vm\.(ffi|tryFfi)\b/, (c) => `${c} is refused: a test cannot run programs on the server.`],
  [
    /^vm\.(\w*(File|Dir|Path|Line|Json|Toml)\w*|exists|isFile|isDir|fsMetadata|projectRoot)\b.*(not allowed|permission|disabled)/,
    (c) => `${c} is refused: a test cannot read or write the server's files.`,
  ],
  [/^vm\.(\w*[Ff]ork\w*|rpc\w*)\b/, (c) => `${c} is refused: a test cannot reach RPC endpoints or fork a chain.`],
];

const failureWords = (reason: string): string | null => {
  for (const [pattern, words] of REFUSED) {
    const match = pattern.exec(reason);
    if (match) return words(`vm.${match[1]}`);
  }
  return null;
};

/** Why a failed test failed, in words; EDR's reason with the first generation's wording for out of gas. */
const reasonOf = (test: ChildTest, gasPerCall: number): string => {
  const reason = test.reason ?? 'the test failed without a reason';
  if (/OutOfGas/.test(reason)) return `Out of gas: the call used all of its ${gasText(gasPerCall)} gas`;
  return failureWords(reason) ?? reason;
};

const invariantCall = (call: ChildCall, decoder: Decoder): InvariantCall => {
  const contract = shortName(call.contractName ?? call.address ?? 'unknown');
  const known = decoder.bySelector(call.calldata.slice(0, 10));
  return {
    sender: call.sender ?? '',
    contract,
    function: call.signature ?? known?.signature ?? call.calldata.slice(0, 10),
    args: (known && decoder.args(known, call.calldata)) ?? [],
  };
};

/** The fuzz or invariant facts of a test, with the counter-example shrunk by EDR, decoded. */
const campaignOf = (test: ChildTest, sizes: CampaignSizes, decoder: Decoder): Partial<SuiteTestFields> => {
  const kind = test.kind;
  if (kind.type === 'fuzz') {
    const found = test.counterexample && 'call' in test.counterexample ? test.counterexample.call : null;
    const fn = found && decoder.bySelector(found.calldata.slice(0, 10));
    return {
      fuzz: {
        runs: kind.runs,
        mean_gas: kind.meanGas,
        median_gas: kind.medianGas,
        ...(found ? { counterexample: { args: (fn && decoder.args(fn, found.calldata)) ?? [], calldata: found.calldata } } : {}),
      },
      ...(sizes.campaignTimeoutS !== null && test.status === 'Success' && kind.runs < sizes.fuzzRuns ? { stopped_by_timeout: true } : {}),
    };
  }
  if (kind.type === 'invariant') {
    const sequence = test.counterexample && 'sequence' in test.counterexample ? test.counterexample.sequence : null;
    return {
      invariant: {
        runs: kind.runs,
        depth: sizes.invariantDepth,
        calls: kind.calls,
        reverts: kind.reverts,
        ...(sequence ? { sequence: sequence.map((call) => invariantCall(call, decoder)) } : {}),
      },
    };
  }
  return {};
};

/**
 * One test's result: passed or failed with its reason, gas (a fuzz test's median; an invariant
 * has none of its own), logs, and for a failure its trace (for every test with `traces: 'all'`). A skipped test (`vm.skip`) counts as
 * passed, as Foundry does not fail a run for it.
 */
export const functionResultOf = (
  test: ChildTest,
  suite: { name: string; source: string },
  options: { sizes: CampaignSizes; gasPerCall: number; decoder: Decoder; traces?: 'failing' | 'all' },
): FunctionResult => {
  const name = test.name.slice(0, test.name.indexOf('(') === -1 ? undefined : test.name.indexOf('('));
  const passed = test.status !== 'Failure';
  const reason = passed ? undefined : reasonOf(test, options.gasPerCall);
  const campaign = campaignOf(test, options.sizes, options.decoder);
  const gas = test.kind.type === 'unit' ? test.kind.gas : test.kind.type === 'fuzz' ? test.kind.medianGas : 0;
  return {
    name,
    signature: test.name,
    outcome: passed ? 'passed' : 'failed',
    gas_used: gas,
    ...(reason ? { revert_reason: reason } : {}),
    test: {
      kind: test.kind.type,
      contract: suite.name,
      file: suite.source,
      duration_ms: Math.round(test.durationMs * 1000) / 1000,
      logs: test.logs,
      ...(!passed || options.traces === 'all' ? { trace: traceOf(test.traces, options.decoder) } : {}),
      ...(reason ? { failure: reason } : {}),
      ...campaign,
    },
  };
};

/**
 * Foundry 1.0 and Hardhat 3 dropped `testFail…` (a test that passes when it reverts), and EDR
 * refuses a whole suite that has one; the runner leaves them out of EDR's run and answers each
 * as failed with what to write instead, so the suite's other tests still run.
 */
export const TEST_FAIL_PATTERN = '^testFail';

export const testFailResult = (signature: string, suite: { name: string; source: string }): FunctionResult => {
  const name = signature.slice(0, signature.indexOf('('));
  const failure = `${name}: the testFail… prefix is no longer supported (Foundry 1.0, Hardhat 3); name it test_RevertWhen… and call vm.expectRevert() before the call that should revert.`;
  return {
    name,
    signature,
    outcome: 'failed',
    gas_used: 0,
    revert_reason: failure,
    test: { kind: 'unit', contract: suite.name, file: suite.source, duration_ms: 0, logs: [], trace: [], failure },
  };
};
