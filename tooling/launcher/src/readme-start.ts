import { type ChildProcess, spawn } from 'node:child_process';
import { delimiter, sep } from 'node:path';
import { repoRoot } from './paths';

/** The README's start command. */
export const README_START_COMMAND = 'npx -y pnpm@10 start';

export interface StartedCommand {
  /** The outermost process (npx), leader of its own session and process group. */
  child: ChildProcess;
  /** Resolves with the milliseconds from spawn to the launcher's ready line; rejects if the command ends first. */
  ready: Promise<number>;
  /** Resolves when the outermost process has ended. */
  ended: Promise<void>;
  output: () => string;
}

/**
 * The environment a process manager would give: the caller's, minus what a package manager adds
 * for its scripts, so a test or benchmark run through `pnpm` does not pass for part of the launch
 * (launch-chain.ts looks for those variables). That includes the node_modules/.bin folders on
 * PATH and the NODE_PATH of pnpm's command shims: with the workspace's folder on PATH, `npx`
 * would start under `node_modules/.bin/node`, a shell script that does not pass a signal on to
 * the Node it runs, which a process manager's `npx` never does.
 */
const managerEnvironment = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const merged = Object.entries({ ...process.env, ...env }).filter(([name]) => !/^(npm_|pnpm_)/i.test(name) && !['INIT_CWD', 'NODE_PATH'].includes(name));
  return Object.fromEntries(
    merged.map(([name, value]) =>
      name === 'PATH' && value !== undefined
        ? [
            name,
            value
              .split(delimiter)
              .filter((dir) => !dir.split(sep).includes('node_modules'))
              .join(delimiter),
          ]
        : [name, value],
    ),
  );
};

/**
 * Runs the README's start command in the checkout as a process manager does: in a session of its
 * own (as systemd starts a unit), output piped, `env` added to the caller's environment.
 */
export const startReadmeCommand = (env: NodeJS.ProcessEnv): StartedCommand => {
  const started = performance.now();
  const [command = 'npx', ...args] = README_START_COMMAND.split(' ');
  const child = spawn(command, args, { cwd: repoRoot, env: managerEnvironment(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Starforge is ready on')) resolve(performance.now() - started);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void ended.then(() => reject(new Error(`${README_START_COMMAND} ended before it was ready:\n${output}`)));
  });
  return { child, ready, ended, output: () => output };
};
