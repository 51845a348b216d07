import { createHash, randomUUID } from 'node:crypto';
import { buggyVault, drainProof, vaultCode } from '@starforge/contract-engine/vault-proofs';
import { type CompletionAnswer, completionAnswerSchema } from '@starforge/contracts/bounties';
import { ServerEventStream } from '@starforge/host/events/server-event-stream';
import { createSql, type Sql } from '@starforge/service-kit';
// The service's own duplicate lookup, timed in this process on the same SQL it sends (no copy to drift).
import { sameFindingAs } from '../../services/bounties/src/domain/proof-runs';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import { loadAverage } from './lib/machine';
import { pool } from './lib/pool';
import { getJson } from './lib/read-load';
import { atMost, type BenchResult, type Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { fixed, median } from './lib/stats';

/** Sizes; `BENCH_PROOFS_COUNT=5 BENCH_PROOFS_SEEDED=200 pnpm bench bounties` for a quick proof that it works. */
const SUBMISSIONS = Number(process.env.BENCH_PROOFS_COUNT ?? 20);
const AT_ONCE = 4;
const AT_ONCE_ROUNDS = 2;
const SEEDED = Number(process.env.BENCH_PROOFS_SEEDED ?? 1_000);
/** Seeded completions of the same finding as the bench's drain proof: one in SAME_EVERY; the rest spread over OTHER_FINDINGS. */
const SAME_EVERY = 10;
const OTHER_FINDINGS = 90;
const LOOKUPS = 200;
const REVIEW_READS = 200;
const VERDICT_WAIT_MS = 180_000;
/** Issue 28's target for the duplicate check at submission. */
const DUPLICATE_TARGET_MS = 50;
const SIGNUP_CONCURRENCY = 8;

/** p99 by nearest rank: with 100 samples or fewer it is the slowest one, never a value between two. */
const p99Of = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.99 * xs.length) - 1)] ?? Number.NaN;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in call through the gateway, writes with a fresh Idempotency-Key; its status and JSON. */
const call = async (base: string, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
};

const must = async <T>(what: string, answer: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> => {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
};

/**
 * What the creator's live stream says, by key: `waitFor(key)` resolves with when the event
 * arrived (performance.now()), whether it came before or after the call.
 */
const arrivals = () => {
  const heard = new Map<string, { at: number; verdict?: string }>();
  const waiting = new Map<string, (a: { at: number; verdict?: string }) => void>();
  return {
    heard: (key: string, verdict?: string) => {
      const arrival = { at: performance.now(), verdict };
      heard.set(key, arrival);
      waiting.get(key)?.(arrival);
    },
    waitFor: (key: string) =>
      new Promise<{ at: number; verdict?: string }>((resolve, reject) => {
        const known = heard.get(key);
        if (known) return resolve(known);
        const timer = setTimeout(() => reject(new Error(`no event for ${key} within ${VERDICT_WAIT_MS / 1000} s`)), VERDICT_WAIT_MS);
        waiting.set(key, (a) => {
          clearTimeout(timer);
          resolve(a);
        });
      }),
  };
};

interface Timed {
  bountyId: string;
  completionId: string;
  /** From sending the PUT to the review read showing `reproduces` (ms). */
  total: number;
  /** The PUT's answer (the completion written, the engine run started). */
  answered: number;
  /** The creator's stream delivering bounties.proof_run_finished. */
  heard: number;
  /** rewards.engine_runs: created → completed (its turn in the worker's queue, compile, run). */
  engineMs: number;
}

/** A finding other than the drain's, as a fingerprint in proof-fingerprint.ts's shape (SHA-256 hex of its recipe, the version, the ending, the paths). */
const syntheticFingerprint = (versionId: string, finding: number) =>
  createHash('sha256')
    .update(JSON.stringify(['starforge/proof-fingerprint/1', versionId, 'exploit held', [`Vault.deposit() > Vault.finding${finding}()`]]))
    .digest('hex');

/**
 * SEEDED claimed bounties of the project, each with a completion carrying a proof (the drain's
 * file), its judged 'proof' run in bounties.proof_runs and a fingerprint, submitted one a minute
 * apart, the newest a minute before `before` (the bench's first real submission): one in SAME_EVERY with the real drain fingerprint (the same finding as the bench's
 * own submissions), the others over OTHER_FINDINGS other findings of the same version. The
 * engine runs they name are not seeded in rewards (the review's left join then shows no result):
 * the lookup reads only bounties' own tables.
 */
const seedCompletions = async (
  db: Sql,
  o: { projectId: string; versionId: string; creatorId: string; claimerIds: string[]; fingerprint: string; before: Date },
) => {
  const n = Array.from({ length: SEEDED }, (_, i) => i);
  const fingerprints = n.map((i) => (i % SAME_EVERY === 0 ? o.fingerprint : syntheticFingerprint(o.versionId, i % OTHER_FINDINGS)));
  const claimers = n.map((i) => o.claimerIds[i % o.claimerIds.length] as string);
  const test = JSON.stringify({ name: drainProof.name, content: drainProof.content });
  await db.begin(async (tx) => {
    await tx`
      with b as (
        insert into bounties.bug_bounties
          (title, description, reward_cents, project_id, submitted_by, claimed_by, status, created_at, claimed_at, code_version_id)
        select 'Seeded finding #' || (i + 1), 'Seeded for the duplicate check.', 0, ${o.projectId}, ${o.creatorId}, claimer, 'claimed',
               ${o.before}::timestamptz - make_interval(mins => ${SEEDED} - i + 10), ${o.before}::timestamptz - make_interval(mins => ${SEEDED} - i + 5),
               ${o.versionId}
        from unnest(${n}::int[], ${claimers}::uuid[]) as t(i, claimer)
        returning id, claimed_by, created_at
      ), c as (
        insert into bounties.bounty_completions
          (bounty_id, completed_by, completion_proof, completed_at, proof_test, proof_run_id, proof_submitted_at, proof_fingerprint)
        select b.id, b.claimed_by, 'Reentrancy in withdraw(): see the test.', at, ${test}::jsonb, gen_random_uuid(), at, f.fingerprint
        from (select b.*, row_number() over (order by b.created_at) - 1 as i, b.created_at + interval '9 minutes' as at from b) b
        join unnest(${n}::int[], ${fingerprints}::text[]) as f(i, fingerprint) on f.i = b.i
        returning id, proof_run_id, completed_by, proof_submitted_at, proof_fingerprint
      )
      insert into bounties.proof_runs (run_id, completion_id, code_version_id, purpose, proof_file, requested_by, verdict, why, fingerprint, started_at, finished_at)
      select proof_run_id, id, ${o.versionId}, 'proof', ${drainProof.name}, completed_by, 'reproduces',
             'testAttackerDrainsTheVault passed against version 1: the exploit held.', proof_fingerprint, proof_submitted_at, proof_submitted_at + interval '3 seconds'
      from c`;
  });
  await db`vacuum analyze bounties.bug_bounties, bounties.bounty_completions, bounties.proof_runs`;
};

/**
 * Issue 28's benchmark: an executable proof from submission to its verdict on the creator's
 * review screen, and the duplicate check over SEEDED earlier completions of one project.
 */
export const bountiesProofsBench = async ({ stack }: { stack: StackHolder }): Promise<BenchResult> => {
  const running = await stack.get();
  const base = running.ipUrl;
  const db = createSql(running.stack.databaseUrl, { max: 2 });
  const loadAtStart = loadAverage();
  const hunterCount = 1 + SUBMISSIONS + AT_ONCE * AT_ONCE_ROUNDS;
  let stream: ServerEventStream | null = null;
  try {
    console.log(`  signing up a creator and ${hunterCount} hunters through the gateway...`);
    const creator = await signUpAccount(base, 'proof-creator', { first: 'Vault', last: 'Owner' });
    const hunters = await pool(
      Array.from({ length: hunterCount }, (_, n) => n),
      SIGNUP_CONCURRENCY,
      (n) => signUpAccount(base, 'proof-hunter', { first: 'Hunter', last: `${n + 1}` }),
    );
    // Seeding, as bounties-load.ts does: the Pro plan, and cash for the rewards through rewards' published function.
    await db`insert into bounties.user_subscriptions (user_id, subscription_tier, is_active, started_at) values (${creator.userId}, 'pro', true, now())`;
    await db`select rewards.credit_cash(${creator.userId}, ${hunterCount * 100}, 'bounty_reward', 'Benchmark bounty', ${db.json({ type: 'bounty', id: 'bench' })}, ${`bench:proofs:${creator.userId}`})`;

    const events = arrivals();
    stream = new ServerEventStream({ url: `${base}/api/events/stream`, getToken: async () => creator.token, refreshSession: async () => {} });
    stream.subscribe('bounties.proof_run_finished', (e) => events.heard(`proof:${e.data.bountyId}`, e.data.verdict));
    stream.subscribe('bounties.project_code_checked', (e) => events.heard(`check:${e.data.projectId}:${e.data.version}`));
    stream.start();
    for (let waited = 0; stream.status !== 'open'; waited += 20) {
      if (waited > 30_000) throw new Error('the creator’s event stream did not go live within 30 s');
      await sleep(20);
    }

    const { project } = await must<{ project: { id: string } }>(
      'POST /projects',
      call(base, creator.token, 'POST', '/api/bounties/projects', { name: 'Vault under test', project_type: 'defi' }),
      201,
    );
    const checked = events.waitFor(`check:${project.id}:1`);
    const checkStarted = performance.now();
    const saved = await must<{ latest: { id: string; version: number } }>(
      'PUT /projects/:id/code',
      call(base, creator.token, 'PUT', `/api/bounties/projects/${project.id}/code`, { sources: vaultCode(buggyVault) }),
    );
    const checkMs = (await checked).at - checkStarted;
    const code = await getJson<{ latest: { check_status: string } }>(base, `/api/bounties/projects/${project.id}/code`, creator.token);
    if (code.latest.check_status !== 'compiled') throw new Error(`version 1 is ${code.latest.check_status}`);
    console.log(`    version 1 saved and checked (compiled) in ${fixed(checkMs / 1000, 1)} s`);

    console.log(`  posting ${hunterCount} bounties against version 1; each hunter claims one`);
    const bountyIds: string[] = [];
    for (let i = 0; i < hunterCount; i++) {
      const { bounty } = await must<{ bounty: { id: string; code_version: number } }>(
        'POST /bounties',
        call(base, creator.token, 'POST', '/api/bounties/bounties', {
          title: `Reentrancy in withdraw() #${i + 1}`,
          description: 'Drain the vault through a callback.',
          reward: '1.00',
          project_id: project.id,
        }),
        201,
      );
      if (bounty.code_version !== 1) throw new Error(`a bounty posted against version ${bounty.code_version}`);
      bountyIds.push(bounty.id);
    }
    await pool(
      hunters.map((h, i) => [h, bountyIds[i] as string] as const),
      SIGNUP_CONCURRENCY,
      ([h, id]) => must('POST /bounties/:id/claim', call(base, h.token, 'POST', `/api/bounties/bounties/${id}/claim`)),
    );

    /** One submission: PUT, the creator's stream saying the run finished, then the review read once. */
    const submit = async (hunter: BenchAccount, bountyId: string): Promise<Timed> => {
      const verdict = events.waitFor(`proof:${bountyId}`);
      const t0 = performance.now();
      const put = await must<CompletionAnswer>(
        'PUT /bounties/:id/completion',
        call(base, hunter.token, 'PUT', `/api/bounties/bounties/${bountyId}/completion`, {
          completion_proof: 'Reentrancy in withdraw(): the attacker re-enters before the balance is cleared. See the test.',
          proof_test: drainProof,
        }),
      );
      const answered = performance.now() - t0;
      const heard = await verdict;
      const review = completionAnswerSchema.parse(await getJson(base, `/api/bounties/bounties/${bountyId}/review`, creator.token));
      const total = performance.now() - t0;
      const run = review.completion?.proof?.run;
      if (heard.verdict !== 'reproduces' || run?.verdict !== 'reproduces') {
        throw new Error(`bounty ${bountyId}: the event said ${heard.verdict}, the review ${run?.verdict} (${run?.why})`);
      }
      const [engine] = await db<{ ms: number }[]>`
        select extract(epoch from completed_at - created_at) * 1000 as ms from rewards.engine_runs where id = ${run.run_id}`;
      return { bountyId, completionId: put.completion?.id ?? '', total, answered, heard: heard.at - t0, engineMs: Number(engine?.ms) };
    };

    const next = (() => {
      let i = 0;
      return () => {
        const n = i++;
        return [hunters[n] as BenchAccount, bountyIds[n] as string] as const;
      };
    })();
    console.log('  the first proof (the compile cache cold for the drain proof with forge-std)...');
    const cold = await submit(...next());
    console.log(`    ${fixed(cold.total / 1000, 2)} s`);
    console.log(`  ${SUBMISSIONS} proofs one at a time...`);
    const alone: Timed[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) alone.push(await submit(...next()));
    console.log(`  ${AT_ONCE} proofs at once, ${AT_ONCE_ROUNDS} rounds...`);
    const together: Timed[] = [];
    const roundMs: number[] = [];
    for (let r = 0; r < AT_ONCE_ROUNDS; r++) {
      const started = performance.now();
      together.push(...(await Promise.all(Array.from({ length: AT_ONCE }, () => submit(...next())))));
      roundMs.push(performance.now() - started);
    }
    const stat = (xs: Timed[], pick: (t: Timed) => number) => ({ p50: median(xs.map(pick)), p99: p99Of(xs.map(pick)) });
    const aloneTotal = stat(alone, (t) => t.total);
    const togetherTotal = stat(together, (t) => t.total);
    console.log(
      `    one at a time p50 ${fixed(aloneTotal.p50, 0)} ms, p99 ${fixed(aloneTotal.p99, 0)} ms; ${AT_ONCE} at once p50 ${fixed(togetherTotal.p50, 0)} ms, p99 ${fixed(togetherTotal.p99, 0)} ms`,
    );

    // The duplicate check over SEEDED earlier completions of the project.
    const [real] = await db<{ fingerprint: string | null; submittedAt: Date }[]>`
      select proof_fingerprint as fingerprint, proof_submitted_at as submitted_at from bounties.bounty_completions where id = ${cold.completionId}`;
    if (!real?.fingerprint) throw new Error('the drain proof has no fingerprint');
    console.log(`  seeding ${SEEDED.toLocaleString('en-US')} earlier completions with proofs and fingerprints on the project...`);
    const seedStarted = performance.now();
    await seedCompletions(db, {
      projectId: project.id,
      versionId: saved.latest.id,
      creatorId: creator.userId,
      claimerIds: hunters.map((h) => h.userId),
      fingerprint: real.fingerprint,
      before: real.submittedAt,
    });
    const seedMs = performance.now() - seedStarted;
    const [counts] = await db<{ completions: number; sameAsDrain: number; fingerprints: number; indexed: number }[]>`
      select count(*)::int as completions, count(*) filter (where c.proof_fingerprint = ${real.fingerprint})::int as same_as_drain,
             count(distinct c.proof_fingerprint)::int as fingerprints,
             (select count(*)::int from bounties.bounty_completions where proof_fingerprint is not null) as indexed
      from bounties.bounty_completions c join bounties.bug_bounties b on b.id = c.bounty_id where b.project_id = ${project.id}`;

    // (a) The lookup as the service runs it: for the newest completions of the project (the bench's own, then the newest seeded), each its own `me`.
    const newest = await db<
      { id: string; proofTest: string | null; proofRunId: string | null; proofSubmittedAt: Date | null; proofFingerprint: string | null }[]
    >`
      select c.id, c.proof_test::text as proof_test, c.proof_run_id, c.proof_submitted_at, c.proof_fingerprint
      from bounties.bounty_completions c join bounties.bug_bounties b on b.id = c.bounty_id
      where b.project_id = ${project.id} and c.proof_fingerprint is not null
      order by c.proof_submitted_at desc limit ${LOOKUPS}`;
    for (const c of newest.slice(0, 20)) await sameFindingAs(db, c); // warm the connection and the plan
    const lookupMs: number[] = [];
    let flagged = 0;
    for (let i = 0; i < LOOKUPS; i++) {
      const c = newest[i % newest.length] as (typeof newest)[number];
      const t0 = performance.now();
      const same = await sameFindingAs(db, c);
      lookupMs.push(performance.now() - t0);
      if (same) flagged++;
    }
    const probe = newest[0] as (typeof newest)[number];
    const plan = (
      await db.unsafe<Record<string, string>[]>(
        `explain (analyze, costs off, timing off, summary on)
         select o.proof_submitted_at
         from bounties.bounty_completions me
         join bounties.bounty_completions o on o.proof_fingerprint = me.proof_fingerprint
           and (o.proof_submitted_at, o.id) < (me.proof_submitted_at, me.id)
         where me.id = $1
         order by o.proof_submitted_at, o.id limit 1`,
        [probe.id],
      )
    ).map((row) => Object.values(row)[0] as string);
    const scans = [...new Set(plan.join('\n').match(/(?:Bitmap Index|Index Only|Index|Seq) Scan(?: Backward)?(?: using \w+)? on \w+(?: \w+)?/g) ?? [])];
    console.log(`    lookup p50 ${fixed(median(lookupMs), 2)} ms, p99 ${fixed(p99Of(lookupMs), 2)} ms; plan: ${scans.join(', ')}`);

    // (b) The review read that carries the same-finding date, through the gateway: the bench's own pending completions, in turn.
    const reviewed = [cold, ...alone, ...together];
    const reviewMs: number[] = [];
    let withDate = 0;
    for (let i = 0; i < REVIEW_READS; i++) {
      const t = reviewed[i % reviewed.length] as Timed;
      const t0 = performance.now();
      const review = await getJson<CompletionAnswer>(base, `/api/bounties/bounties/${t.bountyId}/review`, creator.token);
      reviewMs.push(performance.now() - t0);
      if (review.completion?.proof?.same_finding_as_submitted_at) withDate++;
    }
    console.log(`    review read p50 ${fixed(median(reviewMs), 1)} ms, p99 ${fixed(p99Of(reviewMs), 1)} ms`);

    const row = (label: string, xs: Timed[]) => {
      const s = (pick: (t: Timed) => number) => stat(xs, pick);
      return [
        label,
        String(xs.length),
        `${fixed(s((t) => t.total).p50, 0)} / ${fixed(s((t) => t.total).p99, 0)} ms`,
        `${fixed(s((t) => t.answered).p50, 0)} ms`,
        `${fixed(s((t) => t.engineMs).p50, 0)} / ${fixed(s((t) => t.engineMs).p99, 0)} ms`,
        `${fixed(s((t) => t.heard).p50, 0)} ms`,
        `${fixed(s((t) => t.total - t.heard).p50, 1)} ms`,
      ];
    };
    const figures: Figure[] = [
      {
        label: `Proof run, submission to verdict on the creator's review screen, one at a time (${SUBMISSIONS}, compile cache warm): p50`,
        value: aloneTotal.p50,
        unit: 'ms',
        decimals: 0,
        note: 'PUT /completion sent → bounties.proof_run_finished on the creator’s stream → GET /review read once, verdict reproduces',
      },
      {
        label: 'Proof run, submission to verdict, one at a time: p99',
        value: aloneTotal.p99,
        unit: 'ms',
        decimals: 0,
        note: `nearest rank: with ${SUBMISSIONS} samples, the slowest`,
      },
      {
        label: `Proof run, submission to verdict, ${AT_ONCE} hunters submitting at once (${AT_ONCE_ROUNDS} rounds, ${together.length} proofs): p50`,
        value: togetherTotal.p50,
        unit: 'ms',
        decimals: 0,
        note: `each round took ${roundMs.map((ms) => fixed(ms, 0)).join(' and ')} ms to its last verdict`,
      },
      {
        label: `Proof run, submission to verdict, ${AT_ONCE} at once: p99`,
        value: togetherTotal.p99,
        unit: 'ms',
        decimals: 0,
        note: `nearest rank: with ${together.length} samples, the slowest`,
      },
      {
        label: 'The first proof, compile cache cold (forge-std and the drain test compiled for the first time in the worker)',
        value: cold.total,
        unit: 'ms',
        decimals: 0,
        note: `engine run ${fixed(cold.engineMs, 0)} ms`,
      },
      {
        label: `Duplicate check at submission, ${SEEDED.toLocaleString('en-US')} earlier completions seeded on one project (${counts?.completions.toLocaleString('en-US')} in all; the service's sameFindingAs, in-process, ${LOOKUPS} lookups): p50`,
        value: median(lookupMs),
        unit: 'ms',
        decimals: 2,
        target: `< ${DUPLICATE_TARGET_MS} ms`,
        met: atMost(median(lookupMs), DUPLICATE_TARGET_MS),
      },
      {
        label: 'Duplicate check at submission: p99',
        value: p99Of(lookupMs),
        unit: 'ms',
        decimals: 2,
        target: `< ${DUPLICATE_TARGET_MS} ms`,
        met: atMost(p99Of(lookupMs), DUPLICATE_TARGET_MS),
        note: `${flagged} of ${LOOKUPS} found an earlier same finding`,
      },
      {
        label: `The creator's review read carrying the same-finding date (GET /api/bounties/bounties/:id/review through the gateway, ${REVIEW_READS} reads): p50`,
        value: median(reviewMs),
        unit: 'ms',
        decimals: 1,
      },
      {
        label: 'The review read: p99',
        value: p99Of(reviewMs),
        unit: 'ms',
        decimals: 1,
        note: `${withDate} of ${REVIEW_READS} carried a same-finding date`,
      },
    ];
    return {
      name: 'bounties-proofs',
      title: `Bounties: executable proofs, submission to verdict, and the duplicate check over ${SEEDED.toLocaleString('en-US')} completions`,
      command: 'pnpm bench bounties',
      figures,
      tables: [
        {
          title: 'Where the time goes (p50, or p50 / p99), from sending the PUT',
          head: [
            'Submissions',
            'n',
            'to the verdict read on /review',
            'PUT answered',
            'engine run, queued to completed',
            'event on the creator’s stream',
            'event → review read',
          ],
          rows: [row('The first (cold compile cache)', [cold]), row('One at a time (warm)', alone), row(`${AT_ONCE} at once (warm)`, together)],
        },
      ],
      notes: [
        `Load average at the start of this section: ${loadAtStart} (a shared 2-core machine; other sessions' work runs beside it, so these are upper bounds).`,
        `Scene: a creator (Pro plan and cash seeded in SQL as bounties-load does; a real sign-up) with a defi project saves the buggy vault (packages/contract-engine/src/vault-proofs.ts, the tests' scene) as version 1 through PUT /api/bounties/projects/:id/code; its check compiled in ${fixed(checkMs / 1000, 1)} s, heard as bounties.project_code_checked. ${hunterCount} bounties posted through the gateway, each claimed by its own hunter (a real sign-up), each hunter submitting the drain proof (test/Drain.t.sol) with PUT /completion.`,
        'Submission to verdict: the clock starts as the PUT is sent and stops when the creator’s GET /review, read once after the creator’s live stream (packages/host’s ServerEventStream through the gateway) delivered bounties.proof_run_finished for that bounty, answers with the verdict `reproduces`: no polling. The engine column is rewards.engine_runs created_at → completed_at (the run’s wait for an engine thread, the compile and the EDR run); the rest is the judge hearing rewards_engine_run_finished, writing the verdict and publishing to both users, and the stream.',
        `Compile cache: the first proof is cold (the worker compiles forge-std's Test and the drain test for the first time; the version's own check compiled only Vault.sol); every later proof is the same sources, so the cache is warm for all ${SUBMISSIONS + together.length} measured ones. One engine worker process, as the bench's stack starts it, with its default engine threads: ${AT_ONCE} at once queue for them in turn.`,
        `Duplicate seed: ${counts?.completions.toLocaleString('en-US')} completions on the project (${SEEDED.toLocaleString('en-US')} seeded in one SQL statement in ${fixed(seedMs / 1000, 1)} s incl. VACUUM ANALYZE, plus the bench's ${reviewed.length} real ones), ${counts?.fingerprints} distinct fingerprints; ${counts?.sameAsDrain} share the real drain proof's fingerprint (1 in ${SAME_EVERY} seeded, all earlier than the real ones), the rest spread over ${OTHER_FINDINGS} other findings of version 1 (SHA-256 in the recipe's shape); ${counts?.indexed.toLocaleString('en-US')} fingerprinted completions in the table. Each seeded completion is a claimed bounty of the project with its completion (proof_test, proof_run_id, proof_submitted_at one a minute, proof_fingerprint) and its judged 'proof' row in bounties.proof_runs; the engine runs they name are not seeded in rewards, which the lookup does not read.`,
        `(a) is services/bounties/src/domain/proof-runs.ts's sameFindingAs imported by the bench and timed around each call on the bench's own connection (the round trip to PostgreSQL included, as in the service), for the ${LOOKUPS} newest fingerprinted completions of the project (the real ones first), after 20 warm-up calls. Its plan (EXPLAIN ANALYZE for the newest): ${plan.map((l) => l.trim()).join(' · ')}.`,
        `(b) reads, in turn, the creator's review of the bench's ${reviewed.length} real pending completions (their runs, trace and gas in rewards.engine_runs, and the same-finding date, whose original is now a seeded completion), one request at a time.`,
      ],
    };
  } finally {
    stream?.stop();
    await db.end();
  }
};
