import { describe, expect, it } from 'vitest';
import { SUITE_FILE_MAX_BYTES, SUITE_MAX_FILES, rewardsMessages, type TestRunDetail } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { suiteHash } from '../domain/contract-runs';
import { callAs, eventually, rewardsTestContext, signIn, type TestUser } from '../testing/harness';

/** A run of a suite (issue 27): several named files, checked at the route, kept with the run and given back. */
const ctx = rewardsTestContext();

const start = (who: TestUser, body: Record<string, unknown>) => callAs(ctx, who, 'POST', '/test-runs', { body });
const file = (name: string, content = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract A {}\n') => ({ name, content });
const suiteRun = (sources: unknown) => ({ network: 'ethereum', test_type: 'smart_contract', contract: { sources } });

const vault = file('src/Vault.sol', '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Vault { uint256 public total; }\n');
const vaultTest = file(
  'test/Vault.t.sol',
  '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\nimport "../src/Vault.sol";\ncontract VaultTest {\n    function testTotal() public { require(new Vault().total() == 0); }\n}\n',
);

describe('a suite’s sources at POST /test-runs', () => {
  it('refuses bad files with the schema’s words (400, the message naming the file or the limit) and stores nothing', async () => {
    const who = await signIn(ctx);
    const cases: [unknown, string][] = [
      [Array.from({ length: SUITE_MAX_FILES + 1 }, (_, i) => file(`F${i}.sol`)), `A run takes at most ${SUITE_MAX_FILES} files.`],
      [[file('src/A.sol'), file('src/A.sol')], 'Two files are named src/A.sol.'],
      [[file('src/../A.sol')], `A file name is a path ending in .sol, with letters, digits, '-', '_' and '.' only ("src/../A.sol" is not).`],
      [
        [file('@openzeppelin/contracts/token/ERC20/ERC20.sol')],
        `A file name is a path ending in .sol, with letters, digits, '-', '_' and '.' only ("@openzeppelin/contracts/token/ERC20/ERC20.sol" is not).`,
      ],
      [[file('Big.sol', 'x'.repeat(SUITE_FILE_MAX_BYTES + 1))], 'A file may hold at most 64 KiB.'],
      [Array.from({ length: 5 }, (_, i) => file(`F${i}.sol`, 'x'.repeat(60 * 1024))), 'The files hold 300.0 KiB together; a run takes at most 256 KiB.'],
      [[], 'Add at least one Solidity file.'],
      [[file('A.sol', '  ')], "Paste a contract's Solidity source."],
    ];
    for (const [sources, message] of cases) {
      const refused = await start(who, suiteRun(sources));
      expect(errorOf(refused), message).toMatchObject({ status: 400, message });
    }
    const both = await start(who, { network: 'ethereum', test_type: 'smart_contract', contract: { source: vault.content, sources: [vault] } });
    expect(errorOf(both)).toMatchObject({ status: 400, message: rewardsMessages.contractSourceOrSources });
    // A transaction is one described call to one file's contract: several files stay refused.
    const transaction = await start(who, {
      ...suiteRun([vault, vaultTest]),
      test_type: 'transaction',
      contract: { sources: [vault, vaultTest], call: { function: 'total' } },
    });
    expect(errorOf(transaction)).toMatchObject({ status: 400, message: rewardsMessages.suiteOneFileTypes });
    const neither = await start(who, { network: 'ethereum', test_type: 'smart_contract', contract: {} });
    expect(errorOf(neither)).toMatchObject({ status: 400, message: rewardsMessages.contractEmpty });
    expect(await ctx.sql`select 1 from rewards.test_runs where user_id = ${who.id}`).toHaveLength(0);
  });

  it('keeps the files with the run, hashed over names and contents, and gives them back; a one-file run still has its source', async () => {
    const who = await signIn(ctx);
    const started = await start(who, suiteRun([vault, vaultTest]));
    expect(started.status).toBe(201);
    const id = (started.body as { id: string }).id;
    const detail = (await callAs(ctx, who, 'GET', `/test-runs/${id}`)).body as TestRunDetail;
    expect(detail.has_contract).toBe(true);
    expect(detail.contract).toEqual({ sources: [vault, vaultTest], call: null });
    expect(detail.contract).not.toHaveProperty('source');
    const [row] = await ctx.sql<
      { hash: string; source: string | null }[]
    >`select contract_hash as hash, contract_source as source from rewards.test_runs where id = ${id}`;
    expect(row).toEqual({ hash: suiteHash([vaultTest, vault]), source: null });

    const one = await start(who, { network: 'ethereum', test_type: 'security_audit', contract: { source: vault.content } });
    const oneDetail = (await callAs(ctx, who, 'GET', `/test-runs/${(one.body as { id: string }).id}`)).body as TestRunDetail;
    expect(oneDetail.contract).toEqual({ source: vault.content, call: null });
    expect(oneDetail.contract).not.toHaveProperty('sources');

    // The job hands the suite to the engine, which compiles the two files and runs the test on EDR.
    await eventually(async () => {
      const finished = (await callAs(ctx, who, 'GET', `/test-runs/${id}`)).body as TestRunDetail;
      expect(finished.status).toBe('completed');
      expect(finished.result).toMatchObject({ summary: 'All 1 tests passed.', suite: { files: ['src/Vault.sol', 'test/Vault.t.sol'], tests_total: 1 } });
      expect(finished.contract).toEqual({ sources: [vault, vaultTest], call: null });
    }, 60_000);
  }, 90_000);

  it('takes a performance run of several files and measures it on EDR: calls and gas per second per test and for the suite', async () => {
    const who = await signIn(ctx);
    const started = await start(who, { ...suiteRun([vault, vaultTest]), test_type: 'performance' });
    expect(started.status).toBe(201);
    const id = (started.body as { id: string }).id;
    await eventually(async () => {
      const finished = (await callAs(ctx, who, 'GET', `/test-runs/${id}`)).body as TestRunDetail;
      expect(finished.status).toBe('completed');
      expect(finished.result?.summary).toMatch(/^1 test made 1 call at [\d,]+ calls and [\d,]+ gas a second on EDR/);
      const [test] = finished.result!.functions;
      expect(test).toMatchObject({ name: 'testTotal', throughput: { calls: 1, gas: test!.gas_used } });
      expect(finished.result?.suite?.throughput).toEqual(test!.throughput);
    }, 60_000);
  }, 90_000);

  it('hashes the same files alike whatever their order, and apart when a name or a content differs', () => {
    expect(suiteHash([vault, vaultTest])).toBe(suiteHash([vaultTest, vault]));
    expect(suiteHash([vault])).not.toBe(suiteHash([{ ...vault, name: 'src/Vault2.sol' }]));
    expect(suiteHash([vault])).not.toBe(suiteHash([{ ...vault, content: `${vault.content} ` }]));
    expect(suiteHash([vault])).toMatch(/^[0-9a-f]{64}$/);
  });
});
