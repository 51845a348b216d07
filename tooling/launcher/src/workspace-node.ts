import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fromRoot } from './paths';

/** The oldest Node.js major the product runs on (the root package.json's `engines`). */
export const SUPPORTED_NODE_MAJOR = 24;

export const nodeMajor = (version: string): number => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * The Node.js the workspace carries: the registry's `node-<platform>-<arch>` package (a root
 * optional dependency; pnpm installs the one that matches the machine). Undefined where none
 * matched or before the install.
 */
export const workspaceNode = (): string | undefined => {
  try {
    const manifest = createRequire(fromRoot('package.json')).resolve(`node-${process.platform}-${process.arch}/package.json`);
    return join(dirname(manifest), 'bin', 'node');
  } catch {
    return undefined;
  }
};

const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR2'];

/**
 * Resolves at once on a supported Node.js. On an older one (the machine's Node 20, when someone
 * runs `node --import tsx …` by hand or from a process manager), runs this same command again on
 * the workspace's Node and never resolves: signals are passed on to it and this process exits
 * with its exit code, so whoever started it sees one program.
 */
export const runOnSupportedNode = (): Promise<void> => {
  if (nodeMajor(process.versions.node) >= SUPPORTED_NODE_MAJOR) return Promise.resolve();
  const node = workspaceNode();
  if (!node) {
    console.error(
      `Starforge runs on Node.js ${SUPPORTED_NODE_MAJOR} or newer; this is ${process.version} and the workspace's own Node.js is not installed ` +
        `(run \`npx -y pnpm@10 install\`; it brings node-${process.platform}-${process.arch} where the registry has one).`,
    );
    process.exit(1);
  }
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Starforge: could not run ${node}:`, error);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  return new Promise<void>(() => {});
};
