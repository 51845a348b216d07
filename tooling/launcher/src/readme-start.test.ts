import { describe, expect, it } from 'vitest';
import { fromRoot } from './paths';
import { freePort, isPortFree } from './ports';
import { commandLine, descendants, isRunning, procInfo } from './proc';
import { README_START_COMMAND, startReadmeCommand } from './readme-start';
import { SUPPORTED_NODE_MAJOR } from './workspace-node';

const until = async (check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
};

describe(`${README_START_COMMAND} under a process manager`, () => {
  it('leaves nothing running once its outermost process gets SIGTERM: no service, no gateway, no PostgreSQL, the port free', async () => {
    const port = await freePort();
    const started = startReadmeCommand({ PORT: String(port), STARFORGE_DATA_DIR: fromRoot('.data-launcher-test') });
    const outermost = started.child.pid as number;
    try {
      await started.ready;
      const stack = [procInfo(outermost), ...descendants(outermost)].filter((p) => p !== null);
      const commands = stack.map((p) => commandLine(p.pid));
      // What production runs: the seven compiled programs, and the embedded PostgreSQL.
      expect(commands.filter((c) => /services\/[a-z]+\/dist\/server\.js/.test(c))).toHaveLength(7);
      expect(stack.some((p) => p.comm === 'postgres')).toBe(true);
      // Each of the seven says, as it starts listening, which Node.js runs it.
      const majors = [...started.output().matchAll(/listening on http:\/\/\S+ \(Node\.js v(\d+)\./g)].map((m) => Number(m[1]));
      expect(majors).toHaveLength(7);
      expect(majors.filter((major) => major < SUPPORTED_NODE_MAJOR)).toEqual([]);

      process.kill(outermost, 'SIGTERM');
      await until(() => stack.every((p) => !isRunning(p)), 30_000);
      expect(stack.filter(isRunning).map((p) => `${p.pid} ${commandLine(p.pid)}`)).toEqual([]);
      expect(await isPortFree(port, '127.0.0.1')).toBe(true);
      expect(started.output()).toContain('Starforge: stopped');
    } finally {
      try {
        process.kill(-outermost, 'SIGKILL');
      } catch {
        // nothing left in its process group, as it should be
      }
    }
    // A first start on a fresh checkout builds the six frontends first.
  }, 600_000);
});
