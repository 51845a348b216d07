import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { serviceNames } from '@starforge/contracts/shared';
import { build, version as esbuildVersion } from 'esbuild';
import { externalPackages, sourceImportMeta } from './bundle-plugins';
import { fromRoot, repoRoot } from './paths';
import { compiledEntry, ENGINE_WORKER, runCompiledServices, sourceEntry } from './service-entry';

/** Every Node program production runs besides the launcher: the services, the gateway and the engine worker. */
const PROGRAMS = [...serviceNames, 'gateway', ENGINE_WORKER] as const;

/** Beside each bundle: the hash of what went into it, and the files that did. */
interface Stamp {
  hash: string;
  inputs: string[];
}

const stampPath = (program: string) => `${compiledEntry(program)}.stamp.json`;

/**
 * Besides the inputs esbuild reports: the lockfile (externals are imported by their paths in
 * node_modules/.pnpm, which change with versions and patches), how the bundle is made, and esbuild.
 */
const ALWAYS = ['pnpm-lock.yaml', 'tooling/launcher/src/compile-services.ts', 'tooling/launcher/src/bundle-plugins.ts'];

const hashOf = async (inputs: string[], read: (file: string) => Promise<Buffer>): Promise<string> => {
  const hash = createHash('sha256').update(esbuildVersion);
  for (const file of [...ALWAYS, ...inputs]) hash.update(file).update(await read(fromRoot(file)));
  return hash.digest('hex');
};

/** Reads each file once per check, since the services share most of their code. */
const cachedReader = () => {
  const cache = new Map<string, Promise<Buffer>>();
  return (file: string) => {
    let content = cache.get(file);
    if (!content) {
      content = readFile(file);
      cache.set(file, content);
    }
    return content;
  };
};

const isCurrent = async (program: string, read: (file: string) => Promise<Buffer>): Promise<boolean> => {
  try {
    const stamp = JSON.parse(await readFile(stampPath(program), 'utf8')) as Stamp;
    return stamp.hash === (await hashOf(stamp.inputs, read));
  } catch {
    return false; // no bundle yet, or one of its inputs is gone
  }
};

/** Written beside and renamed over, so a launch starting now never runs half a file. */
const writeAtomically = async (path: string, contents: Uint8Array | string) => {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, contents);
  await rename(partial, path);
};

/**
 * Bundles one program's TypeScript, the workspace packages it imports inlined and npm packages
 * left outside, into services/<program>/dist/server.js (the engine worker's beside rewards')
 * with its source map.
 */
const compileProgram = async (program: string): Promise<void> => {
  const outfile = compiledEntry(program);
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: [sourceEntry(program)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Node's own resolution, so a bundle and the packages outside it agree on every file.
    conditions: [],
    mainFields: ['main'],
    // Stack traces name the TypeScript files and lines (node --enable-source-maps); the map
    // points at the sources on disk instead of carrying them, which keeps it small in memory.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [externalPackages(dirname(outfile)), sourceImportMeta(dirname(outfile))],
  });
  // Relative to the checkout (absWorkingDir), as ALWAYS is.
  const inputs = Object.keys(result.metafile.inputs).sort();
  for (const file of result.outputFiles) await writeAtomically(file.path, file.contents);
  const stamp: Stamp = { hash: await hashOf(inputs, (file) => readFile(file)), inputs };
  await writeAtomically(stampPath(program), JSON.stringify(stamp));
};

/** Compiles the given programs (all by default), side by side. */
export const compileServices = async (log: (line: string) => void, programs: readonly string[] = PROGRAMS): Promise<void> => {
  if (programs.length === 0) return;
  const started = Date.now();
  await Promise.all(programs.map(compileProgram));
  log(`compiled ${programs.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/**
 * `pnpm start`: compiles the programs whose sources changed since their last compile, then has
 * the stack run the compiled JavaScript.
 */
export const ensureServicesCompiled = async (log: (line: string) => void): Promise<void> => {
  const read = cachedReader();
  const stale: string[] = [];
  for (const program of PROGRAMS) if (!(await isCurrent(program, read))) stale.push(program);
  if (stale.length === 0) log('services are compiled and up to date');
  await compileServices(log, stale);
  runCompiledServices();
};
