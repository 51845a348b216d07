/** The parts of solc's standard JSON the runner reads (the suite itself is compile.ts's CompiledSuite). */
import type { AbiEntry } from '../abi';

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
