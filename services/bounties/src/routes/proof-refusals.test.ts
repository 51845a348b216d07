import { describe, expect, it } from 'vitest';
import { rewardsErrorCodes } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { sameFindingAs } from '../domain/proof-runs';
import { claim, postBounty, proCreator, seedBounties } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, signIn } from '../testing/harness';
import { saveCode } from '../testing/proof-fixtures';
import { buggyVault, drainProof, vaultCode } from '@starforge/contract-engine/vault-proofs';

// No engine worker in this file: runs stay waiting, which is what these tests need.
const ctx = bountiesTestContext();

describe('a proof run the engine refuses', () => {
  it('refuses the whole submission: rewards’ cap on runs waiting answers, and nothing is written', async () => {
    const creator = await proCreator(ctx);
    await saveCode(ctx, creator, creator.projectId, vaultCode(buggyVault));
    const bounty = await postBounty(ctx, creator);
    const hunter = await signIn(ctx);
    await claim(ctx, hunter, bounty.id);
    // Five of the hunter's runs waiting (no worker here takes them): the engine's cap.
    for (let i = 0; i < 5; i++) {
      await ctx.sql`select rewards.start_engine_run(${hunter.id}, 'proof', 'smart_contract', 'sepolia', ${ctx.sql.json([drainProof])})`;
    }
    const refused = await callAs(ctx, hunter, 'PUT', `/bounties/${bounty.id}/completion`, {
      body: { completion_proof: 'See the test', proof_test: drainProof },
    });
    expect(errorOf(refused)).toMatchObject({ status: 409, code: rewardsErrorCodes.contractRunsWaiting });
    const [row] = await ctx.sql<{ completions: number; runs: number }[]>`
      select (select count(*)::int from bounties.bounty_completions where bounty_id = ${bounty.id}) as completions,
             (select count(*)::int from rewards.engine_runs where user_id = ${hunter.id}) as runs`;
    expect(row).toEqual({ completions: 0, runs: 5 });
    // Without the proof it is submitted as before.
    expect((await callAs(ctx, hunter, 'PUT', `/bounties/${bounty.id}/completion`, { body: { completion_proof: 'See the test' } })).status).toBe(200);
  });
});

describe('the duplicate check over 1,000 completions on one project', () => {
  it('finds the original in one index probe, fast', async () => {
    const creator = await proCreator(ctx, 0);
    await saveCode(ctx, creator, creator.projectId, vaultCode(buggyVault));
    const ids = await seedBounties(
      ctx.sql,
      creator.id,
      creator.projectId,
      Array.from({ length: 1_000 }, (_, i) => `Seeded ${i}`),
    );
    const claimer = await signIn(ctx);
    // 1,000 completions with proofs: ten findings, a hundred hunters each, submitted a second apart.
    await ctx.sql`
      insert into bounties.bounty_completions (bounty_id, completed_by, completion_proof, proof_test, proof_run_id, proof_submitted_at, proof_fingerprint)
      select b, ${claimer.id}, 'Seeded', '{"name":"P.t.sol","content":"x"}'::jsonb, gen_random_uuid(),
             now() - make_interval(secs => 2000 - n), 'finding-' || (n % 10)
      from unnest(${ids}::uuid[]) with ordinality as t(b, n)`;
    await ctx.sql`analyze bounties.bounty_completions`;
    const [latest] = await ctx.sql<{ id: string; proofSubmittedAt: Date }[]>`
      select id, proof_submitted_at from bounties.bounty_completions where proof_fingerprint = 'finding-3' order by proof_submitted_at desc limit 1`;
    const [original] = await ctx.sql<{ proofSubmittedAt: Date }[]>`
      select proof_submitted_at from bounties.bounty_completions where proof_fingerprint = 'finding-3' order by proof_submitted_at limit 1`;
    const columns = {
      id: latest?.id ?? '',
      proofTest: '{}',
      proofRunId: null,
      proofSubmittedAt: latest?.proofSubmittedAt ?? null,
      proofFingerprint: 'finding-3',
    };
    expect(await sameFindingAs(ctx.sql, columns)).toBe(original?.proofSubmittedAt.toISOString());
    const started = performance.now();
    for (let i = 0; i < 20; i++) await sameFindingAs(ctx.sql, columns);
    expect((performance.now() - started) / 20).toBeLessThan(50);
    const plan = await ctx.sql.unsafe(
      `explain select o.proof_submitted_at from bounties.bounty_completions me
       join bounties.bounty_completions o on o.proof_fingerprint = me.proof_fingerprint and (o.proof_submitted_at, o.id) < (me.proof_submitted_at, me.id)
       where me.id = '${columns.id}' order by o.proof_submitted_at, o.id limit 1`,
    );
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('bounty_completions_fingerprint');
  });
});

describe('the OpenAPI document', () => {
  it('lists the code and proof routes behind the bearer token, the writes with the Idempotency-Key header', async () => {
    const doc = (await (await ctx.app.app.request('/api/bounties/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string }[] }>>;
    };
    const base = '/api/bounties';
    const routes: [string, string][] = [
      [`${base}/projects/{id}/code`, 'get'],
      [`${base}/projects/{id}/code`, 'put'],
      [`${base}/projects/{id}/code/{version}`, 'get'],
      [`${base}/projects/{id}/findings`, 'get'],
      [`${base}/bounties/{id}/completion/proof-runs`, 'post'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.security, `${method} ${path}`).toBeTruthy();
      if (method !== 'get') expect(op?.parameters?.map((p) => p.name)).toContain('idempotency-key');
    }
  });
});
