import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEnginePool, type EnginePool } from './pool';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';

// Workers load solc (about a second each on a quiet machine, several on a busy one): one pool
// serves the file, and the tests give the machine room.
const SLOW = { timeout: 120_000 };

const tiny = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract T { function testOk() public {} }\n';

/** Many tests that each spin until the 10M gas limit: about a second of EVM work each, so far longer than any limit below. */
const endless = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Endless {
    uint256 n;
${Array.from({ length: 60 }, (_, i) => `    function testSpin${i}() public { while (true) n++; }`).join('\n')}
}
`;

/** A contract that takes solc a while: `functions` functions, compiled and audited (no EVM work). */
const large = (functions: number) => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Large {
    mapping(uint256 => uint256) x;
${Array.from({ length: functions }, (_, i) => `    function f${i}(uint256 a) public returns (uint256) { x[a] = a * ${i} + x[a + 1]; return x[a] / (a + 1); }`).join('\n')}
}
`;

let pool: EnginePool;
beforeAll(() => {
  pool = createEnginePool({ size: 2, runTimeoutMs: 60_000, memoryMb: 256 });
});
afterAll(() => pool.close());

describe('the engine pool', () => {
  it('runs a sample in a worker', SLOW, async () => {
    const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')!;
    const result = await pool.run({ source: counter.source, testType: 'smart_contract', network: 'sepolia' });
    expect(result.status).toBe('completed');
    expect(result.compiler.version).toMatch(/^0\.8\.37/);
    const { workers, queued } = pool.stats();
    expect(queued).toBe(0);
    // One run at a time needs one worker: the second of the pool's two starts only when a run waits.
    expect(workers).toHaveLength(1);
    expect(workers.map((w) => w.runs).reduce((a, b) => a + b)).toBe(1);
    for (const w of workers.filter((w) => w.ready)) {
      expect(w.solcLoadMs).toBeGreaterThan(0);
      expect(w.memory!.heapMb + w.memory!.wasmMb).toBeLessThan(256);
    }
  });

  it('keeps the caller’s event loop free while a worker compiles', SLOW, async () => {
    let longestPause = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const result = await pool.run({ source: large(250), testType: 'security_audit', network: 'ethereum' });
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(result.status).toBe('completed');
    // Compiling on this thread would stall the timer for the whole compile; in a worker it ticks on.
    expect(result.duration_ms).toBeGreaterThan(300);
    expect(longestPause).toBeLessThan(Math.max(100, elapsed / 4));
  });

  it('runs two contracts at once, one per worker', SLOW, async () => {
    const [a, b] = await Promise.all([
      pool.run({ source: tiny, testType: 'smart_contract', network: 'polygon' }),
      pool.run({ source: tiny, testType: 'gas_optimization', network: 'arbitrum' }),
    ]);
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    expect(pool.stats().workers).toHaveLength(2);
  });
});

describe('limits', () => {
  it('stops a run over its time limit with a clear failure, and the next run works', SLOW, async () => {
    const limited = createEnginePool({ size: 1, runTimeoutMs: 3_000, memoryMb: 256 });
    try {
      const stopped = await limited.run({ source: endless, testType: 'smart_contract', network: 'ethereum' });
      expect(stopped).toMatchObject({ status: 'failed', summary: 'The run took longer than 3 s and was stopped.', test_type: 'smart_contract' });
      expect(stopped.duration_ms).toBeGreaterThanOrEqual(3_000);
      // A fresh worker took the stopped one's place.
      const next = await limited.run({ source: tiny, testType: 'smart_contract', network: 'ethereum' });
      expect(next.status).toBe('completed');
    } finally {
      await limited.close();
    }
  });

  it('replaces a worker whose memory grew past the cap, and the next run works', SLOW, async () => {
    // Compiling ~50 KB grows solc's WebAssembly memory from 32 to about 67 MB, beside a heap of
    // 50-70 MB: past a 100 MB cap, whether the heap's own limit stops the run or the check after it.
    const capped = createEnginePool({ size: 1, runTimeoutMs: 60_000, memoryMb: 100 });
    try {
      const big = await capped.run({ source: large(480), testType: 'security_audit', network: 'ethereum' });
      if (big.status === 'failed') expect(big.summary).toBe('The run needed more than 100 MB of memory and was stopped.');
      await vi.waitFor(() => expect(capped.stats().workers.map((w) => w.runs)).toEqual([0]), { timeout: 10_000 });
      expect((await capped.run({ source: tiny, testType: 'smart_contract', network: 'ethereum' })).status).toBe('completed');
    } finally {
      await capped.close();
    }
  });

  it('fails a run that crashes the compiler with a sentence, replaces the worker, and the next run works', SLOW, async () => {
    // One expression of 10,000 terms (about 40 KB) overflows solc's stack: the exception leaves
    // solc-js's one CompilerStack half-built, so a worker that kept it would fail every later run.
    const deep = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Deep { function testSum() public pure returns (uint256 x) { x = ${Array.from({ length: 10_000 }, () => '1').join(' + ')}; } }
`;
    const logged: string[] = [];
    const single = createEnginePool({ size: 1, runTimeoutMs: 60_000, memoryMb: 256, log: (line) => logged.push(line) });
    try {
      const crashed = await single.run({ source: deep, testType: 'smart_contract', network: 'sepolia' });
      expect(crashed).toMatchObject({
        status: 'failed',
        test_type: 'smart_contract',
        summary:
          'The compiler ran out of stack space on this contract (an expression or nesting too deep for it) and the run was stopped: split long expressions into smaller ones.',
      });
      expect(logged.join('\n')).toMatch(/RangeError: Maximum call stack size exceeded/);
      // A fresh worker (no runs yet) took the crashed one's place, and the Counter sample works on it.
      await vi.waitFor(() => expect(single.stats().workers.map((w) => w.runs)).toEqual([0]), { timeout: 10_000 });
      const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')!;
      const next = await single.run({ source: counter.source, testType: 'smart_contract', network: 'sepolia' });
      expect(next.summary).not.toMatch(/CompilerStack/);
      expect(next.status).toBe('completed');
    } finally {
      await single.close();
    }
  });

  it('fails the runs of a worker that cannot start, without retrying in a loop', SLOW, async () => {
    // 8 MB of heap cannot even hold solc.
    const starved = createEnginePool({ size: 1, runTimeoutMs: 10_000, memoryMb: 8 });
    try {
      await expect(starved.run({ source: tiny, testType: 'smart_contract', network: 'ethereum' })).rejects.toThrow(
        /^The contract engine could not start: .*memory limit/,
      );
    } finally {
      await starved.close();
    }
  });

  it('refuses runs once closed', async () => {
    const closing = createEnginePool({ size: 1, runTimeoutMs: 10_000, memoryMb: 256 });
    await closing.close();
    await expect(closing.run({ source: tiny, testType: 'smart_contract', network: 'ethereum' })).rejects.toThrow('The contract engine is closed.');
  });
});
