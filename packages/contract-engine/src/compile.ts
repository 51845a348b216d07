import type { CompilerMessage } from '@starforge/contracts/rewards';
import type { AbiEntry } from './abi';
import type { AstNode } from './ast';
import { CompilerCrash } from './crash';

/** The part of solc-js the engine uses (its own typings say `any`). */
export interface Solc {
  version(): string;
  compile(input: string, callbacks?: { import: (path: string) => { contents: string } | { error: string } }): string;
}

/** The one file of a run, as solc sees it. Only the name appears in solc's messages; nothing is written to disk. */
const SOURCE_NAME = 'Contract.sol';

export const importsRefused = 'Imports are not available: paste one file with everything the contract needs (copy the code of an imported library into it).';

export interface CompiledContract {
  name: string;
  /** A library or an abstract contract compiles but is not what a run deploys. */
  deployable: boolean;
  abi: AbiEntry[];
  /** Creation code, 0x hex; empty for an interface or an abstract contract. */
  bytecode: string;
  /** Runtime code size in bytes. */
  codeSize: number;
  /** 'transfer(address,uint256)' -> '0xa9059cbb' */
  selectors: Record<string, string>;
}

export interface CompileOutput {
  /** In the order they are written in the source. */
  contracts: CompiledContract[];
  errors: CompilerMessage[];
  warnings: CompilerMessage[];
  /** The source unit's AST (null when the source did not parse). */
  ast: AstNode | null;
}

interface SolcError {
  severity: 'error' | 'warning' | 'info';
  type: string;
  message: string;
  sourceLocation?: { file: string; start: number; end: number };
}

interface SolcContract {
  abi: AbiEntry[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string }; methodIdentifiers: Record<string, string> };
}

interface SolcOutput {
  errors?: SolcError[];
  contracts?: Record<string, Record<string, SolcContract>>;
  sources?: Record<string, { ast?: AstNode }>;
}

/** Turns solc's byte offsets into 1-based lines and columns in characters, as an editor shows them. */
export const sourcePositions = (source: string) => {
  const bytes = Buffer.from(source, 'utf8');
  return (byteOffset: number): { line: number; column: number } => {
    const before = bytes.subarray(0, Math.max(0, Math.min(byteOffset, bytes.length))).toString('utf8');
    const lineStart = before.lastIndexOf('\n') + 1;
    let line = 1;
    for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
    return { line, column: before.length - lineStart + 1 };
  };
};

/**
 * Compiles one source held in memory with solc's standard JSON. Any import is refused through
 * the import callback, so the compiler never reads a file; the answer carries every error and
 * warning with its line and column.
 */
export const compileSource = (solc: Solc, source: string, options: { evmVersion: string; optimize: boolean }): CompileOutput => {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: source } },
    settings: {
      evmVersion: options.evmVersion,
      optimizer: { enabled: options.optimize, runs: 200 },
      outputSelection: {
        '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.methodIdentifiers'], '': ['ast'] },
      },
    },
  };
  let answer: string;
  try {
    answer = solc.compile(JSON.stringify(input), { import: () => ({ error: importsRefused }) });
  } catch (error) {
    throw new CompilerCrash(error);
  }
  const output = JSON.parse(answer) as SolcOutput;
  const positionOf = sourcePositions(source);
  const message = (e: SolcError): CompilerMessage => {
    const place = e.sourceLocation?.file === SOURCE_NAME ? positionOf(e.sourceLocation.start) : null;
    return { severity: e.severity, type: e.type, message: e.message, line: place?.line ?? null, column: place?.column ?? null };
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error').map(message);
  const warnings = (output.errors ?? []).filter((e) => e.severity !== 'error').map(message);
  const ast = output.sources?.[SOURCE_NAME]?.ast ?? null;
  // With errors solc may still answer some contracts, half-built: none of them is run.
  const compiled = errors.length > 0 ? {} : (output.contracts?.[SOURCE_NAME] ?? {});
  // solc answers contracts keyed by name (alphabetical); the AST keeps the order they are written in.
  const definitions = (ast?.nodes ?? []).filter((n) => n.nodeType === 'ContractDefinition');
  const contracts = definitions.flatMap((definition): CompiledContract[] => {
    const name = String(definition.name);
    const c = compiled[name];
    if (!c) return [];
    const selectors = Object.fromEntries(Object.entries(c.evm.methodIdentifiers).map(([signature, id]) => [signature, `0x${id}`]));
    const bytecode = c.evm.bytecode.object ? `0x${c.evm.bytecode.object}` : '';
    const deployable = definition.contractKind === 'contract' && definition.abstract !== true && bytecode !== '';
    return [{ name, deployable, abi: c.abi, bytecode, codeSize: c.evm.deployedBytecode.object.length / 2, selectors }];
  });
  return { contracts, errors, warnings, ast };
};
