import { createHash } from 'node:crypto';
import type { CompilerMessage, SuiteSource } from '@starforge/contracts/rewards';
import { type Solc, sourcePositions } from '../compile';
import { CompilerCrash } from '../crash';
import { type CachedCompile, type CompileCache, type CompileCacheOptions, createCompileCache } from './cache';
import { LIBRARIES_AVAILABLE, LIBRARIES_FINGERPRINT, resolveLibraryImport } from './libraries';

export interface CompiledSuite {
  solcVersion: string;
  evmVersion: string;
  /** The solc standard-JSON input actually compiled: the run's sources and every library source they imported. */
  input: unknown;
  /** solc's standard-JSON output (see OUTPUT_SELECTION). */
  output: unknown;
  /** Each placed in its file (`file`, `line`, `column`). */
  errors: CompilerMessage[];
  warnings: CompilerMessage[];
  /**
   * The output came from the cache: the same solc, settings, libraries and sources compiled
   * before. `input` and `output` are then the cache's own objects: read them, never change them.
   */
  cached: boolean;
  compileMs: number;
}

export interface CompileSuiteOptions {
  evmVersion: string;
  optimizer?: { enabled: boolean; runs: number };
  /** Where compiles are kept; the process's shared in-memory cache by default, `null` for none. */
  cache?: CompileCache | null;
}

/**
 * What Hardhat 3 asks of solc for its artifacts and build infos (its DEFAULT_OUTPUT_SELECTION,
 * which EDR's runSolidityTests reads: bytecode with link references and source maps for traces
 * and stack traces, the ASTs for the contracts' sources), plus storage layouts. Asked of every
 * source, the libraries' included: a test may deploy a library's contract (`new ERC20Mock()`).
 */
export const OUTPUT_SELECTION = {
  '*': {
    '': ['ast'],
    '*': [
      'abi',
      'evm.bytecode.linkReferences',
      'evm.bytecode.object',
      'evm.bytecode.opcodes',
      'evm.bytecode.sourceMap',
      'evm.deployedBytecode.immutableReferences',
      'evm.deployedBytecode.linkReferences',
      'evm.deployedBytecode.object',
      'evm.deployedBytecode.opcodes',
      'evm.deployedBytecode.sourceMap',
      'evm.methodIdentifiers',
      'storageLayout',
    ],
  },
};

interface SolcError {
  severity: 'error' | 'warning' | 'info';
  type: string;
  message: string;
  sourceLocation?: { file: string; start: number; end: number };
}

let solcLoading: Promise<Solc> | null = null;
/** solc-js, loaded once per process (about 0.4 s); the worker's own import gives the same module. */
const loadSolc = () => {
  solcLoading ??= import('solc').then((m) => m.default as Solc);
  return solcLoading;
};

let sharedCache = createCompileCache();

/**
 * Sets the process's (the worker thread's) shared cache, which compileSuite uses unless given
 * one: the engine's worker passes the pool's compile cache folder, so a compile is kept on disk
 * for the other workers, the other engine processes on the machine and after a restart.
 */
export const setSharedCompileCache = (options: CompileCacheOptions) => {
  sharedCache = createCompileCache(options);
};

/** The hash of everything that decides solc's answer. */
const cacheKey = (solcVersion: string, input: { sources: Record<string, { content: string }>; settings: unknown }) => {
  const hash = createHash('sha256');
  hash.update(`${solcVersion}\0${LIBRARIES_FINGERPRINT}\0${JSON.stringify(input.settings)}\0`);
  for (const [name, { content }] of Object.entries(input.sources)) {
    hash.update(`${Buffer.byteLength(name)}:${name}\0${Buffer.byteLength(content)}:`);
    hash.update(content);
  }
  return hash.digest('hex');
};

/**
 * Compiles a suite's sources with solc's standard JSON, in memory. Imports resolve to the run's
 * own files (solc resolves `./` and `../` against the importing file itself), forge-std/… and
 * @openzeppelin/contracts/…; anything else is a compile error on the import's line. Errors in
 * the user's code come back as messages, never as a rejection; only a crash of solc itself
 * throws (CompilerCrash).
 */
export const compileSuite = async (sources: SuiteSource[], options: CompileSuiteOptions): Promise<CompiledSuite> => {
  const started = performance.now();
  const solc = await loadSolc();
  const solcVersion = solc.version();
  const settings = {
    evmVersion: options.evmVersion,
    optimizer: options.optimizer ?? { enabled: false, runs: 200 },
    outputSelection: OUTPUT_SELECTION,
  };
  // Sorted by name, as Hardhat does: the same files give the same input, whatever their order.
  const userSources = Object.fromEntries(
    [...sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((s) => [s.name, { content: s.content }]),
  );
  const userInput = { language: 'Solidity', sources: userSources, settings };
  const cache = options.cache === undefined ? sharedCache : options.cache;
  const key = cacheKey(solcVersion, userInput);
  const hit = await cache?.get(key);
  if (hit) return { ...(hit as Omit<CompiledSuite, 'cached' | 'compileMs'>), cached: true, compileMs: Math.round(performance.now() - started) };

  const imported: Record<string, { content: string }> = {};
  const runFiles = Object.keys(userSources);
  const importCallback = (path: string) => {
    const library = resolveLibraryImport(path);
    if (library && 'contents' in library) imported[path] = { content: library.contents };
    return (
      library ?? {
        error: `${path} is not one of this run's files (${runFiles.join(', ')}) nor a library: a suite imports its own files, ${LIBRARIES_AVAILABLE}.`,
      }
    );
  };
  let answer: string;
  try {
    answer = solc.compile(JSON.stringify(userInput), { import: importCallback });
  } catch (error) {
    throw new CompilerCrash(error);
  }
  const output = JSON.parse(answer) as { errors?: SolcError[] };

  const contents = new Map(Object.entries({ ...userSources, ...imported }).map(([name, s]) => [name, s.content]));
  const placers = new Map<string, ReturnType<typeof sourcePositions>>();
  const message = (e: SolcError): CompilerMessage => {
    const file = e.sourceLocation?.file;
    const content = file === undefined ? undefined : contents.get(file);
    if (file === undefined || content === undefined || e.sourceLocation!.start < 0) {
      return { severity: e.severity, type: e.type, message: e.message, line: null, column: null, ...(file ? { file } : {}) };
    }
    const placeOf = placers.get(file) ?? sourcePositions(content);
    placers.set(file, placeOf);
    const { line, column } = placeOf(e.sourceLocation!.start);
    return { severity: e.severity, type: e.type, message: e.message, line, column, file };
  };
  const solcErrors = output.errors ?? [];
  const compiled: CachedCompile & Pick<CompiledSuite, 'errors' | 'warnings'> = {
    solcVersion,
    evmVersion: options.evmVersion,
    // Hardhat's order: every source sorted by name.
    input: { ...userInput, sources: Object.fromEntries(Object.entries({ ...userSources, ...imported }).sort(([a], [b]) => (a < b ? -1 : 1))) },
    output,
    errors: solcErrors.filter((e) => e.severity === 'error').map(message),
    warnings: solcErrors.filter((e) => e.severity !== 'error').map(message),
  };
  await cache?.set(key, compiled, answer.length);
  return { ...compiled, cached: false, compileMs: Math.round(performance.now() - started) };
};
