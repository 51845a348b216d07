import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot, repoRoot } from './paths';
import { freePort, isPortFree, PortTakenError } from './ports';
import { startStack } from './stack';

const hold = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('a taken port', () => {
  let port: number;
  let holder: Server;
  beforeAll(async () => {
    port = await freePort();
    holder = await hold(port);
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('is seen as taken, and a free one as free', async () => {
    expect(await isPortFree(port, '127.0.0.1')).toBe(false);
    expect(await isPortFree(await freePort(), '127.0.0.1')).toBe(true);
  });

  it('stops startStack before it starts anything', async () => {
    const lines: string[] = [];
    await expect(startStack({ port, log: (l) => lines.push(l) })).rejects.toBeInstanceOf(PortTakenError);
    expect(lines).toEqual([]);
  });

  it('ends `pnpm start` with one line naming the port and how to choose another', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fromRoot('tooling/launcher/src/start.ts')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Starforge: Port ${port} is taken \\(another program listens on 127\\.0\\.0\\.1:${port}\\)\\. Choose another port: PORT=\\d+ npx -y pnpm@10 start$`,
      ),
    );
    expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
  }, 20_000);
});
