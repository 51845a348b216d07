import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { Solc } from './compile';
import { crashSummary } from './crash';
import type { FromWorker, ToWorker, WorkerMemory, WorkerSettings } from './protocol';
import { runContract } from './run';
import { setSharedCompileCache } from './suite/compile';
import { runSuiteRequest } from './suite/run-request';
import { SUITE_TEST_TYPES } from '@starforge/contracts/rewards';

// Loading solc (9 MB of emscripten output) is the slow part of a worker's start, so it happens
// once, here; soljson also installs an unhandledRejection handler that throws, which must never
// land in the service's own thread.
const port = parentPort!;
const settings = workerData as WorkerSettings;
if (settings.compileCache) setSharedCompileCache({ dir: settings.compileCache.dir, maxDiskBytes: settings.compileCache.maxBytes });
const started = performance.now();
const solc = (await import('solc')).default as Solc;
const send = (message: FromWorker) => port.postMessage(message);
// solc's emscripten module, the one solc itself loaded (same file, same module cache): its heap
// view shows how far its WebAssembly memory has grown.
const soljson = createRequire(import.meta.url)('solc/soljson') as { HEAP8: Int8Array };

const memory = (): WorkerMemory => ({
  heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
  wasmMb: Math.round(soljson.HEAP8.buffer.byteLength / 2 ** 20),
});
send({ type: 'ready', solcVersion: solc.version(), loadMs: Math.round(performance.now() - started), memory: memory() });

// One run at a time: the pool sends the next only after this one answered.
// A suite (named sources) compiles here and runs on EDR in a child process of its own; one file
// runs on the first generation's EVM, in this thread.
const run = ({ id, request }: ToWorker) => {
  if (request.sources === undefined) return runContract(solc, request);
  const { sources, ...rest } = request;
  // A transaction is one described call to one file's contract: a suite of one file runs as that file.
  const [only] = sources;
  if (!(SUITE_TEST_TYPES as readonly string[]).includes(request.testType)) {
    return runContract(solc, only && sources.length === 1 ? { ...rest, source: only.content } : request);
  }
  const limits = {
    deadline: performance.now() + settings.runTimeoutMs,
    runTimeoutMs: settings.runTimeoutMs,
    memoryMb: settings.suiteMemoryMb,
    gasPerCall: settings.suiteGasPerCall,
  };
  return runSuiteRequest(request, limits, (progress) => send({ type: 'progress', id, ...progress }));
};

port.on('message', async (message: ToWorker) => {
  const { id } = message;
  try {
    send({ type: 'result', id, result: await run(message), memory: memory() });
  } catch (e) {
    const detail = e instanceof Error ? (e.cause instanceof Error ? (e.cause.stack ?? e.cause.message) : (e.stack ?? e.message)) : String(e);
    send({ type: 'crash', id, summary: crashSummary(e), detail, memory: memory() });
  }
});
