import type { RunnerConfig } from './config';
import type { InlineConfigError } from './inline-config';
import type { ArtifactId, EdrArtifact } from './artifacts';

/** What the parent sends the child: everything `runSolidityTests` takes, as plain values. */
export interface ChildJob {
  artifacts: EdrArtifact[];
  testSuites: ArtifactId[];
  /** With the test sources' paths on disk when they carry inline configuration (EDR reads it there). */
  config: RunnerConfig & { testSourcePaths?: Record<string, string> };
}

/** One call frame of a test's trace as child.mjs hands it over. */
export interface ChildFrame {
  /** EDR's CallKind: 0 CALL, 1 CALLCODE, 2 DELEGATECALL, 3 STATICCALL, 4 CREATE. */
  kind: number;
  success: boolean;
  cheatcode: boolean;
  gas: number;
  value: string;
  address: string;
  contract: string | null;
  /** The function's name and arguments when EDR decoded the call, else `input`. */
  name: string | null;
  args: string[] | null;
  input: string | null;
  /** EDR's decoded output, else the raw bytes as hex. */
  output: string | null;
  outputHex: string | null;
  children: ChildFrame[];
}

export interface ChildCall {
  calldata: string;
  sender: string | null;
  address: string | null;
  /** `source:Name` */
  contractName: string | null;
  signature: string | null;
}

type ChildKind =
  | { type: 'unit'; gas: number }
  | { type: 'fuzz'; runs: number; meanGas: number; medianGas: number }
  | { type: 'invariant'; runs: number; calls: number; reverts: number };

export interface ChildTest {
  /** The signature: `testDeposit()`, `testFuzz(uint256)`. */
  name: string;
  status: 'Success' | 'Failure' | 'Skipped';
  reason: string | null;
  durationMs: number;
  logs: string[];
  kind: ChildKind;
  counterexample: { call: ChildCall } | { sequence: ChildCall[]; originalSize: number } | null;
  /** Root calls: setUp (when the contract has one) and the test. */
  traces: ChildFrame[];
}

interface ChildSuite {
  name: string;
  source: string;
  warnings: string[];
  tests: ChildTest[];
}

export type FromChild =
  | { type: 'ready'; startMs: number; rssMb: number }
  | { type: 'suite'; suite: ChildSuite }
  | { type: 'done'; rssMb: number }
  | { type: 'error'; message: string; inlineConfigErrors: InlineConfigError[] | null; rssMb: number };
