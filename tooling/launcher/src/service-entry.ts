import { fromRoot } from './paths';

// Where the stack's programs run from: their TypeScript source through tsx (`pnpm dev`, the
// tests), or, once ensureServicesCompiled has made them current, their compiled bundles, as in
// production (`pnpm start`, the end-to-end journeys, the benchmarks).
let compiled = false;

/** From now on, services start from their bundles (ensureServicesCompiled calls it). */
export const runCompiledServices = (): void => {
  compiled = true;
};

/** A program's bundle: services/<program>/dist/server.js (git-ignored). */
export const compiledEntry = (program: string): string => fromRoot(`services/${program}/dist/server.js`);

/** The file a service or the gateway runs from. */
export const serviceEntry = (program: string): string => (compiled ? compiledEntry(program) : fromRoot(`services/${program}/src/server.ts`));

/** How Node runs an entry: TypeScript through tsx's loader, JavaScript with its source maps. */
export const nodeArguments = (entry: string): string[] => (entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry]);
