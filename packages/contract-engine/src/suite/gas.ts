import type { DeploymentGas, FunctionGas } from '@starforge/contracts/rewards';
import type { ContractInfo } from './artifacts';
import type { Decoder } from './decode';
import type { ChildFrame, ChildTest } from './protocol';

const CREATE = 4;
/** console.log's address: calls to it are logging, not the contract's work. */
const CONSOLE = '0x000000000000000000636f6e736f6c652e6c6f67';

const median = (sorted: number[]) => {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * Gas per contract function and per deployment, the way forge's gas report counts them: every
 * call that the suite's passing tests made to a compiled contract that is not a test contract (nor
 * a cheatcode or console.log), at any depth, with the gas its frame used; setUp's calls are left
 * out (they repeat once per test), its deployments are kept; so are an invariant campaign's calls
 * (EDR hands back only its last run, random calls whose gas says little). The figures are the test's own
 * execution, without isolation mode, so they match the tests' gas.
 */
export const gasReport = (tests: ChildTest[], contracts: ContractInfo[], decoder: Decoder): { functions: FunctionGas[]; deployments: DeploymentGas[] } => {
  const testContracts = new Set(contracts.filter((c) => c.isTestSuite).map((c) => c.name));
  const sizes = new Map(contracts.map((c) => [c.name, c.codeSize]));
  const calls = new Map<string, { contract: string; function: string; gas: number[] }>();
  const deployments = new Map<string, number[]>();

  const visit = (frame: ChildFrame, inSetUp: boolean) => {
    const contract = frame.contract;
    const counted = contract !== null && !frame.cheatcode && frame.address.toLowerCase() !== CONSOLE && !testContracts.has(contract) && sizes.has(contract);
    if (counted && frame.kind === CREATE) deployments.set(contract, [...(deployments.get(contract) ?? []), frame.gas]);
    else if (counted && !inSetUp && frame.name !== null) {
      const signature = decoder.byName(contract, frame.name, frame.args ?? [])?.signature ?? `${frame.name}(…)`;
      const key = `${contract}.${signature}`;
      const entry = calls.get(key) ?? { contract, function: signature, gas: [] };
      entry.gas.push(frame.gas);
      calls.set(key, entry);
    }
    for (const child of frame.children) visit(child, inSetUp);
  };
  for (const test of tests) {
    if (test.status !== 'Success' || test.kind.type === 'invariant') continue;
    for (const root of test.traces) visit(root, root.name === 'setUp');
  }

  const functions = [...calls.values()]
    .map(({ contract, function: fn, gas }): FunctionGas => {
      const sorted = [...gas].sort((a, b) => a - b);
      return {
        contract,
        function: fn,
        calls: sorted.length,
        min: sorted[0]!,
        mean: Math.round(sorted.reduce((sum, g) => sum + g, 0) / sorted.length),
        median: median(sorted),
        max: sorted[sorted.length - 1]!,
      };
    })
    .sort((a, b) => a.contract.localeCompare(b.contract) || a.function.localeCompare(b.function));
  return {
    functions,
    deployments: [...deployments.entries()]
      .map(([contract, gas]) => ({ contract, gas_used: median([...gas].sort((a, b) => a - b)), code_size: sizes.get(contract) ?? 0 }))
      .sort((a, b) => a.contract.localeCompare(b.contract)),
  };
};
