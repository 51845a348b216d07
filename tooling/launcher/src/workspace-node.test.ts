import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromRoot, repoRoot } from './paths';
import { nodeMajor, SUPPORTED_NODE_MAJOR, workspaceNode } from './workspace-node';

/** The machine's own `node`: the first on PATH outside any node_modules/.bin (Node 20 here). */
const machineNode = (): string => {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter((d) => d && !d.includes('node_modules'))) {
    try {
      accessSync(join(dir, 'node'), constants.X_OK);
      return join(dir, 'node');
    } catch {
      // not here
    }
  }
  throw new Error('no node on PATH outside node_modules');
};

interface Report {
  node: string;
  execPath: string;
  pid: number;
}

const children: ChildProcess[] = [];
// A failed assertion must not leave the command waiting for a signal.
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

const run = (args: string[]) => {
  const child = spawn(machineNode(), ['--import', 'tsx', fromRoot('tooling/launcher/src/test-fixtures/on-supported-node.ts'), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const report = new Promise<Report>((resolve) => {
    child.stdout?.on('data', () => {
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Report);
    });
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, report, exit, output: () => output };
};

const expectOnWorkspaceNode = (report: Report, child: ChildProcess) => {
  expect(nodeMajor(report.node)).toBeGreaterThanOrEqual(SUPPORTED_NODE_MAJOR);
  const machineMajor = nodeMajor(execFileSync(machineNode(), ['--version'], { encoding: 'utf8' }));
  if (machineMajor < SUPPORTED_NODE_MAJOR) {
    // Run again, by another process, on the binary the workspace installed.
    expect(report.pid).not.toBe(child.pid);
    expect(report.execPath).toBe(realpathSync(workspaceNode() as string));
  } else {
    expect(report.pid).toBe(child.pid);
  }
};

describe('the workspace Node.js', () => {
  it('runs these tests (vitest and its workers) on a supported Node.js', () => {
    expect(nodeMajor(process.versions.node)).toBeGreaterThanOrEqual(SUPPORTED_NODE_MAJOR);
  });

  it('is installed by the workspace for this machine', () => {
    const node = workspaceNode();
    expect(node).toBeDefined();
    expect(nodeMajor(execFileSync(node as string, ['--version'], { encoding: 'utf8' }))).toBeGreaterThanOrEqual(SUPPORTED_NODE_MAJOR);
  });

  it("runs a command started on the machine's Node.js on a supported one, and passes its exit code back", async () => {
    const started = run(['exit', '7']);
    expectOnWorkspaceNode(await started.report, started.child);
    expect(await started.exit).toBe(7);
  }, 20_000);

  it('passes a signal to the command it runs again, which stops as asked', async () => {
    const started = run([]);
    expectOnWorkspaceNode(await started.report, started.child);
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
    expect(started.output()).toContain('got SIGTERM');
  }, 20_000);
});
