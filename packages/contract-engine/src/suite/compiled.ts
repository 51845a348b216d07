import type { CompilerMessage } from '@starforge/contracts';
import type { AbiEntry } from '../abi';

/**
 * A suite as the compiler left it (suite/compile.ts on the suite-compile branch defines the same
 * shape; the two meet at merge). `input` and `output` are solc's standard JSON, verbatim.
 */
export interface CompiledSuite {
  solcVersion: string;
  evmVersion: string;
  input: unknown;
  output: unknown;
  errors: CompilerMessage[];
  warnings: CompilerMessage[];
  cached: boolean;
  compileMs: number;
}

/** The parts of solc's standard-JSON output the runner reads. */
interface SolcContractOutput {
  abi: AbiEntry[];
  evm?: {
    bytecode?: { object?: string; linkReferences?: Record<string, Record<string, { start: number; length: number }[]>> };
    deployedBytecode?: { object?: string; linkReferences?: Record<string, Record<string, { start: number; length: number }[]>> };
  };
}

export interface SolcStandardOutput {
  contracts?: Record<string, Record<string, SolcContractOutput>>;
}

export interface SolcStandardInput {
  sources: Record<string, { content?: string }>;
}
