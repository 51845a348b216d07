import { SUITE_LIBRARY_PREFIXES } from '@starforge/contracts/rewards';
import type { AbiEntry } from '../abi';
import type { CompiledSuite } from './compile';
import type { SolcStandardInput, SolcStandardOutput } from './compiled';

/** What EDR calls a contract: its name, its source and the solc version that built it. */
export interface ArtifactId {
  name: string;
  source: string;
  solcVersion: string;
}

/** EDR's `Artifact` (structurally; the parent never loads the native binding). */
export interface EdrArtifact {
  id: ArtifactId;
  contract: {
    abi: string;
    bytecode: string;
    deployedBytecode: string;
    linkReferences?: Record<string, Record<string, { start: number; length: number }[]>>;
    deployedLinkReferences?: Record<string, Record<string, { start: number; length: number }[]>>;
  };
}

/** One compiled contract as the result mapping needs it. */
export interface ContractInfo {
  name: string;
  source: string;
  abi: AbiEntry[];
  /** Runtime code size in bytes (0 for an interface or an abstract contract). */
  codeSize: number;
  isTestSuite: boolean;
}

export interface SuiteArtifacts {
  artifacts: EdrArtifact[];
  testSuites: ArtifactId[];
  contracts: ContractInfo[];
  /** The user's own files (not the installed libraries). */
  files: string[];
  /** Test functions in the suites: `test…` (unit and fuzz) and `invariant…`. */
  testsTotal: number;
  hasInvariants: boolean;
}

const isLibraryFile = (source: string) => SUITE_LIBRARY_PREFIXES.some((prefix) => source.startsWith(prefix));

const isTestFunction = (entry: AbiEntry) =>
  entry.type === 'function' && typeof entry.name === 'string' && (entry.name.startsWith('test') || entry.name.startsWith('invariant'));

const hexLength = (code: string | undefined) => Math.floor((code ?? '').replace(/^0x/, '').length / 2);

/**
 * Turns solc's standard JSON into what `runSolidityTests` takes, the way Hardhat 3's
 * solidity-test task does (artifacts of every contract, so cheatcodes such as `deployCode` and the
 * trace decoder know them all; a suite per deployable contract of the user's files with a test
 * function). No build infos: EDR reads them only for its Solidity stack traces, which the
 * product does not show (a failure shows its call trace); they were ~3.7 MB per run (forge-std's
 * ASTs) to send to the child and parse there, and every result is the same without them.
 */
export const suiteArtifacts = (compiled: CompiledSuite): SuiteArtifacts => {
  const input = compiled.input as SolcStandardInput;
  const output = compiled.output as SolcStandardOutput;
  const solcVersion = /^\d+\.\d+\.\d+/.exec(compiled.solcVersion)?.[0] ?? compiled.solcVersion;
  const artifacts: EdrArtifact[] = [];
  const contracts: ContractInfo[] = [];
  for (const [source, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(byName)) {
      const bytecode = contract.evm?.bytecode?.object ?? '';
      const isTestSuite = !isLibraryFile(source) && bytecode !== '' && contract.abi.some(isTestFunction);
      artifacts.push({
        id: { name, source, solcVersion },
        contract: {
          abi: JSON.stringify(contract.abi),
          bytecode,
          deployedBytecode: contract.evm?.deployedBytecode?.object ?? '',
          linkReferences: contract.evm?.bytecode?.linkReferences ?? {},
          deployedLinkReferences: contract.evm?.deployedBytecode?.linkReferences ?? {},
        },
      });
      contracts.push({ name, source, abi: contract.abi, codeSize: hexLength(contract.evm?.deployedBytecode?.object), isTestSuite });
    }
  }
  const sources = Object.keys(input.sources);
  const suites = contracts.filter((c) => c.isTestSuite);
  return {
    artifacts,
    testSuites: artifacts.filter((a) => suites.some((s) => s.name === a.id.name && s.source === a.id.source)).map((a) => a.id),
    contracts,
    files: sources.filter((s) => !isLibraryFile(s)),
    testsTotal: suites.reduce((sum, s) => sum + s.abi.filter(isTestFunction).length, 0),
    hasInvariants: suites.some((s) => s.abi.some((e) => isTestFunction(e) && e.name!.startsWith('invariant'))),
  };
};
