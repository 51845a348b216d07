import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, inject } from 'vitest';

/**
 * The real service of `domain` as the launcher starts it (`src/server.ts` under tsx), in its own
 * process on a free port and the test database, for tests that kill it (SIGKILL mid-job) and
 * start it again. Call `serviceProcesses(domain, serviceDir)` at the top of the test file: every
 * process it starts is killed after the file's tests. `entry` starts another program of the
 * service instead (one that also prints "listening on" once it is up).
 */
/** A started process of a service, with everything it printed since it was spawned (stdout and stderr). */
export type ServiceProcess = ChildProcess & { printed: () => string };

export const serviceProcesses = (domain: string, serviceDir: string, { entry = 'src/server.ts' }: { entry?: string } = {}) => {
  const running = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
  });

  /** Starts one; resolves once it listens. `env` adds the domain's own settings. */
  const start = async (env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: serviceDir,
      env: {
        ...process.env,
        DATABASE_URL: inject('databaseUrl'),
        PORT: '0',
        HOST: '127.0.0.1',
        // Never asked: these tests send the service no request, only jobs.
        AUTH_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
        PUBLIC_ORIGIN: 'http://localhost:3000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    // Kept from the first byte: a program may print what a test looks for (a job it took at once)
    // before it says it listens.
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the ${domain} service did not start in 30 s`)), 30_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`the ${domain} service exited with ${code} before listening`)));
    });
    return Object.assign(child, { printed: () => output.join('') });
  };
  return { start };
};
