import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { nodeArguments } from './service-entry';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the URL the process printed in its "listening on" line. */
  listening: Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts an entry point in its own Node process (TypeScript through tsx, or a compiled bundle:
 * service-entry.ts), prefixes its output with its name, and learns its URL from the line it
 * prints once it listens.
 */
export const startNodeProcess = (name: string, entry: string, env: NodeJS.ProcessEnv, log: (line: string) => void): ManagedProcess => {
  // The IPC channel closes when the launcher dies, even by SIGKILL, and the child then stops itself.
  const child = spawn(process.execPath, nodeArguments(entry), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let resolveListening: (url: string) => void = () => {};
  let rejectListening: (error: Error) => void = () => {};
  const listening = new Promise<string>((resolve, reject) => {
    resolveListening = resolve;
    rejectListening = reject;
  });
  const recent: string[] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > 30) recent.shift();
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match?.[1]) resolveListening(match[1]);
    // Logged too: the line names the Node.js the program runs on.
    log(`[${name}] ${line.replace(/^\[[a-z]+\] /, '')}`);
  };
  createInterface({ input: child.stdout! }).on('line', onLine);
  createInterface({ input: child.stderr! }).on('line', onLine);
  child.on('exit', (code, signal) => rejectListening(new Error(`${name} exited (${signal ?? code}) before listening:\n${recent.join('\n')}`)));

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      // Longer than a service's own graceful stop (requests and running jobs, run-service.ts).
      const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    }));
  return { name, child, listening, stop };
};

/** Polls a URL until it answers 2xx. */
export const waitForOk = async (url: string, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in time (${last})`);
};
