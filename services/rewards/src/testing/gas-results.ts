import { failedResult } from '@starforge/contract-engine';
import { contractRunResultSchema, type ContractRunResult, type FunctionResult } from '@starforge/contracts/rewards';

/**
 * Results as the engines answer them, built from the wire schema (and checked against it), for
 * the gas history's tests: a suite's (second generation) and a one-file run's (first).
 */

const base = (over: Partial<ContractRunResult> & Pick<ContractRunResult, 'network' | 'test_type'>): ContractRunResult =>
  contractRunResultSchema.parse({
    ...failedResult({ source: '', network: over.network, testType: over.test_type }, '0.8.37+commit.test', 'All tests passed.'),
    status: 'completed',
    duration_ms: 10,
    ...over,
  });

export interface SuiteTest {
  contract?: string;
  signature: string;
  gas: number;
  outcome?: 'passed' | 'failed';
  kind?: 'unit' | 'fuzz' | 'invariant';
  /** A fuzz test's median (its mean is set apart from it, so a test can tell which one counts). */
  median?: number;
}

const suiteTest = (t: SuiteTest): FunctionResult => ({
  name: t.signature.slice(0, t.signature.indexOf('(')),
  signature: t.signature,
  outcome: t.outcome ?? 'passed',
  gas_used: t.gas,
  test: {
    kind: t.kind ?? 'unit',
    contract: t.contract ?? 'VaultTest',
    file: 'test/Vault.t.sol',
    duration_ms: 1,
    logs: [],
    ...(t.kind === 'fuzz' ? { fuzz: { runs: 256, mean_gas: t.gas + 1_000, median_gas: t.median ?? t.gas } } : {}),
    ...(t.kind === 'invariant' ? { invariant: { runs: 64, depth: 15, calls: 960, reverts: 0 } } : {}),
  },
});

/** A suite's result: its tests, the gas report's functions (by mean) and its deployments. */
export const suiteResult = (options: {
  tests: SuiteTest[];
  functions?: { contract?: string; function: string; mean: number; calls?: number }[];
  deployments?: { contract: string; gas: number; size: number }[];
  files?: string[];
  status?: 'completed' | 'failed';
  network?: ContractRunResult['network'];
  test_type?: ContractRunResult['test_type'];
}): ContractRunResult =>
  base({
    status: options.status ?? 'completed',
    network: options.network ?? 'ethereum',
    test_type: options.test_type ?? 'smart_contract',
    contract_name: 'Vault',
    functions: [{ name: 'setUp', signature: 'setUp()', outcome: 'passed', gas_used: 90_000 }, ...options.tests.map(suiteTest)],
    total_gas: options.tests.reduce((sum, t) => sum + t.gas, 0),
    suite: {
      files: options.files ?? ['src/Vault.sol', 'test/Vault.t.sol'],
      tests_total: options.tests.length,
      tests_passed: options.tests.filter((t) => t.outcome !== 'failed').length,
      function_gas: (options.functions ?? []).map((f) => ({
        contract: f.contract ?? 'Vault',
        function: f.function,
        calls: f.calls ?? 3,
        min: f.mean - 100,
        mean: f.mean,
        median: f.mean + 7,
        max: f.mean + 100,
      })),
      deployments: (options.deployments ?? []).map((d) => ({ contract: d.contract, gas_used: d.gas, code_size: d.size })),
      compile_cached: false,
      compile_ms: 900,
    },
  });

/** A one-file run's result (the first generation): its functions and its contract's deployment. */
export const oneFileResult = (options: {
  contract: string;
  functions: { signature: string; gas: number; outcome?: 'passed' | 'failed' }[];
  deployment?: { gas: number; size: number };
  network?: ContractRunResult['network'];
  test_type?: ContractRunResult['test_type'];
}): ContractRunResult =>
  base({
    network: options.network ?? 'ethereum',
    test_type: options.test_type ?? 'smart_contract',
    contract_name: options.contract,
    deployment: options.deployment ? { gas_used: options.deployment.gas, code_size: options.deployment.size } : null,
    functions: options.functions.map((f) => ({
      name: f.signature.slice(0, f.signature.indexOf('(')),
      signature: f.signature,
      outcome: f.outcome ?? 'passed',
      gas_used: f.gas,
    })),
    total_gas: options.functions.reduce((sum, f) => sum + f.gas, options.deployment?.gas ?? 0),
  });
