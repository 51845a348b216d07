import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { FunctionResult, SuiteResultFields } from '@starforge/contracts/rewards';
import { type SuiteArtifacts, suiteArtifacts } from './artifacts';
import type { CompiledSuite } from './compile';
import { campaignSizes, runnerConfig, type SuiteLimits } from './config';
import type { SolcStandardInput } from './compiled';
import { createDecoder, type Decoder } from './decode';
import { gasReport } from './gas';
import { hasInlineConfig, inlineConfigFailure, inlineSizes } from './inline-config';
import type { ChildJob, ChildTest, FromChild } from './protocol';
import { functionResultOf, TEST_FAIL_PATTERN, testFailResult } from './results';
import { signatureOf } from '../abi';
import { takeChild } from './spare';
import type { ChildStop } from './spawn';
import { neededTooMuchMemory, tookTooLong } from '../words';

export interface SuiteRunOptions {
  limits: SuiteLimits;
  /**
   * The time limit the run's sentence names when the child is killed at `limits.timeMs` (the
   * pool's whole-run limit, of which the child gets what compiling left); `limits.timeMs` by default.
   */
  statedTimeMs?: number;
  onProgress?: (progress: { testsDone: number; testsTotal: number }) => void;
  /** `block.chainid` in the tests (EDR's default is 31337). */
  chainId?: number;
  /** Which tests keep their trace in the result (EngineRequest.traces); `failing` by default. */
  traces?: 'failing' | 'all';
}

export interface SuiteOutcome {
  /** Each test that ran, in the order its suite finished (a run stopped part-way has those that finished). */
  functions: FunctionResult[];
  suite: SuiteResultFields;
  /** Why the whole run was stopped (time, memory, a crash, EDR refusing the suite); null when it ran to its end. */
  failure: string | null;
  /** Sentences beside the results: a campaign stopped by its time limit, EDR's warnings. */
  notes: string[];
  durationMs: number;
  /** The child process: how long it took to be ready, and its resident memory then and at the end. */
  child: { pid: number | null; startMs: number | null; readyRssMb: number | null; endRssMb: number | null };
}

const stopSentence = (stop: ChildStop, { limits, statedTimeMs }: SuiteRunOptions): string => {
  if (stop.why === 'time') return tookTooLong(statedTimeMs ?? limits.timeMs);
  if (stop.why === 'memory') return neededTooMuchMemory(limits.memoryMb);
  return `The engine failed while running this suite (${stop.detail.slice(0, 300)}) and the run was stopped.`;
};

/**
 * The user's files on disk, where EDR reads their inline configuration (by `testSourcePaths`;
 * a relative import resolves beside its file). Outside the project root, which stays empty.
 */
const writeUserSources = async (compiled: CompiledSuite, files: string[], dir: string): Promise<Record<string, string>> => {
  const paths: Record<string, string> = {};
  for (const file of files) {
    const path = resolve(dir, file);
    // The route allows only plain relative names; a name that still climbs out is left unwritten.
    if (!path.startsWith(dir + sep)) continue;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, (compiled.input as SolcStandardInput).sources[file]?.content ?? '');
    paths[file] = path;
  }
  return paths;
};

/**
 * A compile's artifacts and the decoder of its ABIs (keccak of every selector of forge-std's Vm
 * too, 2.5-15 ms), made once: a compile the cache answers hands back the same output object.
 */
const builtOnce = new WeakMap<object, { built: SuiteArtifacts; decoder: Decoder }>();
const artifactsOf = (compiled: CompiledSuite): { built: SuiteArtifacts; decoder: Decoder } => {
  const key = compiled.output as object;
  const known = builtOnce.get(key);
  if (known) return known;
  const built = suiteArtifacts(compiled);
  const made = { built, decoder: createDecoder(built.contracts) };
  builtOnce.set(key, made);
  return made;
};

/**
 * Runs a compiled suite on EDR in a child process of its own (spawn.ts) and shapes what it answers
 * into the product's results. Resolves for everything the suite can do (fail, loop, allocate, run
 * long): a run stopped by a limit keeps the tests that finished and says why in `failure`. Rejects
 * only when the child cannot be spawned at all.
 */
export const runSuite = async (compiled: CompiledSuite, options: SuiteRunOptions): Promise<SuiteOutcome> => {
  const started = performance.now();
  const { limits } = options;
  const { built, decoder } = artifactsOf(compiled);
  const sizes = campaignSizes(limits, built.hasInvariants);
  const inline = hasInlineConfig(built.files.map((file) => (compiled.input as SolcStandardInput).sources[file]?.content ?? ''));
  // Each test's sizes as asked (the run's, or its own inline configuration's).
  const sizesOf = inline ? inlineSizes(compiled.output, sizes) : () => sizes;
  const tests: ChildTest[] = [];
  const functions: FunctionResult[] = [];
  const notes: string[] = [];
  const child: SuiteOutcome['child'] = { pid: null, startMs: null, readyRssMb: null, endRssMb: null };
  let failure: string | null = null;

  if (built.testSuites.length > 0) {
    const folder = await mkdtemp(join(tmpdir(), 'starforge-suite-'));
    // EDR insists on a project root that exists; an empty folder of its own gives cheatcodes nothing to find.
    const projectRoot = join(folder, 'project');
    try {
      await mkdir(projectRoot);
      const testSourcePaths = inline ? await writeUserSources(compiled, built.files, join(folder, 'sources')) : undefined;
      const handle = takeChild(limits.memoryMb);
      handle.start(limits.timeMs);
      child.pid = handle.child.pid ?? null;
      const job: ChildJob = {
        artifacts: built.artifacts,
        testSuites: built.testSuites,
        config: {
          ...runnerConfig({
            hardfork: compiled.evmVersion,
            limits,
            sizes,
            projectRoot,
            excludeTestPattern: TEST_FAIL_PATTERN,
            ...(options.chainId === undefined ? {} : { chainId: options.chainId }),
          }),
          ...(testSourcePaths ? { testSourcePaths } : {}),
        },
      };
      void handle.ready.then((ready) => {
        // A child that dies before it is ready, or before it reads the job, is reported by its exit.
        if (!ready) return;
        child.startMs = ready.startMs;
        child.readyRssMb = ready.rssMb;
        handle.child.send({ job }, () => {});
      });
      let lastMessage: () => void = () => {};
      const answered = new Promise<null>((resolve) => {
        lastMessage = () => resolve(null);
      });
      handle.child.on('message', (message: FromChild) => {
        if (message.type === 'ready') return;
        if (message.type === 'suite') {
          for (const test of message.suite.tests) {
            tests.push(test);
            const testSizes = sizesOf(message.suite.name, message.suite.source, test.name);
            functions.push(
              functionResultOf(test, message.suite, { sizes: testSizes, gasPerCall: limits.gasPerCall, decoder, traces: options.traces ?? 'failing' }),
            );
          }
          const contract = built.contracts.find((c) => c.name === message.suite.name && c.source === message.suite.source);
          for (const entry of contract?.abi ?? []) {
            if (entry.type === 'function' && entry.name && new RegExp(TEST_FAIL_PATTERN).test(entry.name)) {
              functions.push(testFailResult(signatureOf(entry.name, entry.inputs), message.suite));
            }
          }
          notes.push(...message.suite.warnings);
          options.onProgress?.({ testsDone: functions.length, testsTotal: built.testsTotal });
        } else {
          child.endRssMb = message.rssMb;
          if (message.type === 'error') {
            failure = message.inlineConfigErrors?.length
              ? inlineConfigFailure(message.inlineConfigErrors)
              : `The engine could not run this suite: ${message.message.slice(0, 500)}`;
          }
          handle.finish();
          lastMessage();
        }
      });
      // Its last message is the end of the run: the child is being killed, its exit adds nothing to wait for.
      const stop = await Promise.race([handle.ended, answered]);
      if (stop) failure = stopSentence(stop, options);
    } finally {
      // Nothing of the result waits for the empty folder to go.
      void rm(folder, { recursive: true, force: true }).catch(() => {});
    }
  }

  for (const f of functions) {
    if (f.test?.stopped_by_timeout) {
      notes.push(
        `${f.test.contract}.${f.signature} was stopped at its time limit after ${f.test.fuzz?.runs ?? 0} of ${sizesOf(f.test.contract, f.test.file, f.signature).fuzzRuns} runs: it passed only as far as it got.`,
      );
    }
  }
  const gas = gasReport(tests, built.contracts, decoder);
  return {
    functions,
    suite: {
      files: built.files,
      tests_total: built.testsTotal,
      tests_passed: functions.filter((f) => f.outcome === 'passed').length,
      function_gas: gas.functions,
      deployments: gas.deployments,
      compile_cached: compiled.cached,
      compile_ms: Math.round(compiled.compileMs),
    },
    failure,
    notes,
    durationMs: Math.round(performance.now() - started),
    child,
  };
};
