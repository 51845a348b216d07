import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEnginePool } from './pool';
import type { EngineRequest } from './request';

// Real solc (with the product's forge-std) and real EDR, in the pool's worker threads.

const SLOW = { timeout: 180_000 };
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const request = (salt: string): EngineRequest => ({
  source: '',
  sources: [
    {
      name: 'test/Quick.t.sol',
      content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\nimport {Test} from "forge-std/Test.sol";\n// ${salt}\ncontract QuickTest is Test {\n    function testQuick() public pure {}\n}\n`,
    },
  ],
  testType: 'smart_contract',
  network: 'sepolia',
});

describe("the pool's compile cache on disk", () => {
  it('lets another pool (a fresh worker, nothing in its memory) answer a suite from the first one’s compile', SLOW, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pool-compile-cache-'));
    dirs.push(dir);
    const salt = `${process.pid} ${Date.now()}`;
    const first = createEnginePool({ size: 1, runTimeoutMs: 120_000, memoryMb: 512, compileCacheDir: dir });
    const cold = await first.run(request(salt)).finally(() => first.close());
    expect(cold).toMatchObject({ status: 'completed', suite: { compile_cached: false } });
    expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toHaveLength(1);

    const second = createEnginePool({ size: 1, runTimeoutMs: 120_000, memoryMb: 512, compileCacheDir: dir });
    const warm = await second.run(request(salt)).finally(() => second.close());
    expect(warm).toMatchObject({ status: 'completed', suite: { compile_cached: true }, functions: [{ name: 'testQuick', outcome: 'passed' }] });
    expect(warm.suite!.compile_ms).toBeLessThan(cold.suite!.compile_ms);
  });

  it('keeps the folder within its size: a limit below one compile leaves it empty', SLOW, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pool-compile-cache-'));
    dirs.push(dir);
    // Smaller than one compile of forge-std: each is written, then pruned.
    const pool = createEnginePool({ size: 1, runTimeoutMs: 120_000, memoryMb: 512, compileCacheDir: dir, compileCacheMaxBytes: 1_000 });
    const result = await pool.run(request(`small ${Date.now()}`)).finally(() => pool.close());
    expect(result.status).toBe('completed');
    expect(await readdir(dir)).toEqual([]);
  });
});
