import { fromRoot } from './paths';

// Where the stack's programs run from: their TypeScript source through tsx (`pnpm dev`, the
// tests), or, once ensureServicesCompiled has made them current, their compiled bundles, as in
// production (`pnpm start`, the end-to-end journeys, the benchmarks).
let compiled = false;

/** From now on, services start from their bundles (ensureServicesCompiled calls it). */
export const runCompiledServices = (): void => {
  compiled = true;
};

/** The rewards domain's second program: the engine worker that runs contract runs (services/rewards/src/engine-worker.ts). */
export const ENGINE_WORKER = 'rewards-engine';

/** A program's folder and file name: a service's or the gateway's `server`, or the engine worker. */
const programFile = (program: string) =>
  program === ENGINE_WORKER ? { dir: 'services/rewards', name: 'engine-worker' } : { dir: `services/${program}`, name: 'server' };

/** A program's source: services/<program>/src/server.ts (the engine worker's: services/rewards/src/engine-worker.ts). */
export const sourceEntry = (program: string): string => {
  const { dir, name } = programFile(program);
  return fromRoot(`${dir}/src/${name}.ts`);
};

/** A program's bundle: services/<program>/dist/server.js, or services/rewards/dist/engine-worker.js (git-ignored). */
export const compiledEntry = (program: string): string => {
  const { dir, name } = programFile(program);
  return fromRoot(`${dir}/dist/${name}.js`);
};

/** The file a service, the gateway or the engine worker runs from. */
export const serviceEntry = (program: string): string => (compiled ? compiledEntry(program) : sourceEntry(program));

/** How Node runs an entry: TypeScript through tsx's loader, JavaScript with its source maps. */
export const nodeArguments = (entry: string): string[] => (entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry]);
