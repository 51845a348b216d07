import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import postgres from 'postgres';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import { describeForeign } from './lib/foreign-cpu';
import { clientsOf, loadRun, statusCounts } from './lib/load-run';
import type { StackHolder } from './lib/stack';
import { fixed } from './lib/stats';
import { atMost, type BenchResult, type Figure } from './lib/report';
import { BenchWallet } from './lib/wallet';

/** 10 s per load run by default; BENCH_REWARDS_SECONDS makes a quick proof run. */
const SECONDS = Number(process.env.BENCH_REWARDS_SECONDS ?? 10);
const ACCOUNTS = 10;
const CONNECTIONS = 50;
const MONEY_TARGET = 400;
/** Issue 14: the OpenAPI document at half of /health's rate at least, stake/unstake at a fifth. */
const OPENAPI_SHARE_TARGET = 0.5;
const STAKE_SHARE_TARGET = 0.2;
const SUMMARY_TARGET = 5_000;
const P99_TARGET_MS = 25;
/** Enough that no operation of the run is refused for want of points, cash or FORGE. */
const SEED_POINTS = 2_000_000_000;
const SEED_CENTS = 1_000_000_000;
const PRE_STAKED = 500;

const json = { 'content-type': 'application/json' };

/** The money operations of the mix, as each client sends them in turn. */
const moneyOps = (wallet: string) => [
  { label: 'convert 1,000 points', path: '/api/rewards/convert', body: { points: 1_000 } },
  { label: 'stake 1 FORGE', path: '/api/rewards/tokens/stake', body: { amount: 1 } },
  { label: 'unstake 1 FORGE', path: '/api/rewards/tokens/unstake', body: { amount: 1 } },
  { label: 'withdraw $0.01', path: '/api/rewards/withdrawals', body: { wallet_address: wallet, amount: '0.01' } },
];

interface Invariants {
  ledgerBreaks: number;
  negative: number;
  pending: number;
}

/** Users whose balances differ from their ledger, negative balances, withdrawals still held. */
const checkInvariants = async (db: postgres.Sql): Promise<Invariants> => {
  const [row] = await db<{ breaks: number; negative: number; pending: number }[]>`
    select (select count(*)::int from rewards.ledger_breaks) as breaks,
           (select count(*)::int from rewards.user_balances where points_balance < 0 or cash_balance_cents < 0)
             + (select count(*)::int from rewards.starforge_tokens where token_amount < 0 or staked_amount < 0) as negative,
           (select count(*)::int from rewards.withdrawals where status = 'pending') as pending`;
  return { ledgerBreaks: row?.breaks ?? -1, negative: row?.negative ?? -1, pending: row?.pending ?? -1 };
};

/**
 * The rewards service through the gateway, in one run: (a) money operations per second with 50 clients on
 * 10 hot accounts (convert, stake, unstake, withdraw, each with a fresh Idempotency-Key), then
 * the ledger invariants for every user, before and after the withdrawals' jobs complete; (b) the
 * dashboard's GET /summary with 50 connections; (c) GET /health, GET /openapi.json and
 * stake/unstake 1 FORGE (50 clients on 10 accounts, a fresh key each), the last two as a share
 * of /health's rate in the same run (issue 14: at least 50 % and 20 %).
 */
export const rewardsLoadBench = async ({ stack, seconds = SECONDS }: { stack: StackHolder; seconds?: number }): Promise<BenchResult> => {
  const WARM_UP_SECONDS = Math.min(2, seconds);
  const running = await stack.get();
  const base = running.ipUrl;
  const db = postgres(running.stack.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    console.log(`  ${ACCOUNTS} accounts: signing up through the gateway, seeding points and cash through rewards.award_points / credit_cash`);
    const accounts: BenchAccount[] = [];
    for (let n = 0; n < ACCOUNTS; n++) accounts.push(await signUpAccount(base, `rewards-load-${n}`, { first: 'Load', last: `Account ${n}` }));
    for (const { userId: id } of accounts) {
      await db`select rewards.award_points(${id}, ${SEED_POINTS}, 'bench_grant', 'Benchmark grant', null, ${`bench:points:${id}`})`;
      await db`select rewards.credit_cash(${id}, ${SEED_CENTS}, 'bounty_reward', 'Benchmark bounty', ${db.json({ type: 'bounty', id: 'bench' })}, ${`bench:cash:${id}`})`;
    }
    const wallet = new BenchWallet().address;
    for (const account of accounts) {
      const res = await fetch(`${base}/api/rewards/tokens/stake`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${account.token}`, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ amount: PRE_STAKED }),
      });
      if (res.status !== 200) throw new Error(`pre-staking answered ${res.status}: ${await res.text()}`);
    }

    // --- (a) money operations -------------------------------------------------------------
    const ops = moneyOps(wallet);
    /** Each client, one of the accounts, sends these POSTs in turn, each with a fresh Idempotency-Key, so none is a replay. */
    const postsInTurn =
      (posts: typeof ops) =>
      (duration: number): autocannon.Options => ({
        url: base,
        connections: CONNECTIONS,
        duration,
        setupClient: clientsOf(accounts, (account) =>
          posts.map((op) => ({
            method: 'POST',
            path: op.path,
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              headers: { ...json, authorization: `Bearer ${account.token}`, 'idempotency-key': randomUUID() },
              body: JSON.stringify(op.body),
            }),
          })),
        ),
      });
    const moneyOptions = postsInTurn(ops);
    console.log(`  money mix: ${WARM_UP_SECONDS} s warm-up, then ${seconds} s with ${CONNECTIONS} clients on ${ACCOUNTS} accounts`);
    await loadRun(moneyOptions(WARM_UP_SECONDS));
    const money = await loadRun(moneyOptions(seconds));
    const moneyOk = money['2xx'];
    const moneyPerS = moneyOk / money.duration;
    const moneyStatuses = statusCounts(money);
    console.log(
      `    ${fixed(moneyPerS, 0)} ops/s, p50 ${money.latency.p50} ms, p99 ${money.latency.p99} ms, statuses ${JSON.stringify(moneyStatuses)}, errors ${money.errors}`,
    );
    const atOnce = await checkInvariants(db);
    // Withdrawals complete about 3 s after they are accepted: check again once none is held.
    const deadline = Date.now() + 60_000;
    let settled = atOnce;
    while (settled.pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      settled = await checkInvariants(db);
    }
    console.log(
      `    invariants right after: ${atOnce.ledgerBreaks} ledger breaks, ${atOnce.negative} negative; after the withdrawals completed: ${settled.ledgerBreaks} breaks, ${settled.negative} negative, ${settled.pending} still pending`,
    );
    const breaks = atOnce.ledgerBreaks + atOnce.negative + settled.ledgerBreaks + settled.negative;

    // --- (b) GET /summary --------------------------------------------------------------------
    const summaryRequests = (account: BenchAccount): autocannon.Request[] => [
      { method: 'GET', path: '/api/rewards/summary', headers: { authorization: `Bearer ${account.token}` } },
    ];
    const summaryOptions = (duration: number): autocannon.Options => ({
      url: base,
      connections: CONNECTIONS,
      duration,
      setupClient: clientsOf(accounts, summaryRequests),
    });
    console.log(`  GET /summary: ${WARM_UP_SECONDS} s warm-up, then ${seconds} s with ${CONNECTIONS} connections`);
    await loadRun(summaryOptions(WARM_UP_SECONDS));
    const summary = await loadRun(summaryOptions(seconds));
    const summaryPerS = summary['2xx'] / summary.duration;
    console.log(
      `    ${fixed(summaryPerS, 0)} req/s, p50 ${summary.latency.p50} ms, p99 ${summary.latency.p99} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`,
    );

    // --- (c) /health, /openapi.json and stake/unstake, in this order, in the same run ----------
    const getOptions = (path: string, duration: number): autocannon.Options => ({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: [{ method: 'GET', path }],
    });
    const rateOf = (r: autocannon.Result) => r['2xx'] / r.duration;
    console.log(`  GET /health, GET /openapi.json, then stake/unstake 1 FORGE: ${WARM_UP_SECONDS} s warm-up and ${seconds} s each, ${CONNECTIONS} connections`);
    await loadRun(getOptions('/api/rewards/health', WARM_UP_SECONDS));
    const health = await loadRun(getOptions('/api/rewards/health', seconds));
    await loadRun(getOptions('/api/rewards/openapi.json', WARM_UP_SECONDS));
    const openapi = await loadRun(getOptions('/api/rewards/openapi.json', seconds));
    // stake 1 FORGE, unstake 1 FORGE
    const stakeOptions = postsInTurn(ops.slice(1, 3));
    await loadRun(stakeOptions(WARM_UP_SECONDS));
    const stake = await loadRun(stakeOptions(seconds));
    const openapiShare = rateOf(openapi) / rateOf(health);
    const stakeShare = rateOf(stake) / rateOf(health);
    console.log(
      `    /health ${fixed(rateOf(health), 0)} req/s; /openapi.json ${fixed(rateOf(openapi), 0)} req/s (${fixed(openapiShare * 100, 0)} %, p99 ${openapi.latency.p99} ms); stake/unstake ${fixed(rateOf(stake), 0)} ops/s (${fixed(stakeShare * 100, 0)} %, p99 ${stake.latency.p99} ms, statuses ${JSON.stringify(statusCounts(stake))})`,
    );

    const figures: Figure[] = [
      {
        label: `Money operations through the gateway, ${CONNECTIONS} clients on ${ACCOUNTS} hot accounts: successful ops/s`,
        value: moneyPerS,
        unit: 'ops/s',
        decimals: 0,
        target: `≥ ${MONEY_TARGET}`,
        met: moneyPerS >= MONEY_TARGET,
        note: `${moneyOk} OK in ${money.duration} s; statuses ${JSON.stringify(moneyStatuses)}; ${money.errors} errors; p50 ${money.latency.p50} ms, p99 ${money.latency.p99} ms`,
      },
      {
        label:
          'Ledger invariant breaks after the money load (balance ≠ sum(ledger), or a negative balance, for any user; right after and once withdrawals completed)',
        value: breaks,
        unit: '',
        decimals: 0,
        target: '0',
        met: breaks === 0 && atOnce.ledgerBreaks >= 0 && settled.ledgerBreaks >= 0,
        note: `${atOnce.pending} withdrawals pending right after, ${settled.pending} left unfinished`,
      },
      {
        label: `GET /api/rewards/openapi.json through the gateway, ${CONNECTIONS} connections: share of /api/rewards/health's rate in the same run`,
        value: openapiShare * 100,
        unit: '%',
        decimals: 0,
        target: `≥ ${OPENAPI_SHARE_TARGET * 100} %`,
        met: openapiShare >= OPENAPI_SHARE_TARGET,
        note: `${fixed(rateOf(openapi), 0)} vs ${fixed(rateOf(health), 0)} req/s; openapi p99 ${openapi.latency.p99} ms; ${openapi.non2xx} non-2xx`,
      },
      {
        label: `Stake / unstake 1 FORGE through the gateway, ${CONNECTIONS} clients on ${ACCOUNTS} accounts, a fresh key each: share of /health's rate`,
        value: stakeShare * 100,
        unit: '%',
        decimals: 0,
        target: `≥ ${STAKE_SHARE_TARGET * 100} %`,
        met: stakeShare >= STAKE_SHARE_TARGET,
        note: `${fixed(rateOf(stake), 0)} ops/s vs ${fixed(rateOf(health), 0)} req/s; p50 ${stake.latency.p50} ms, p99 ${stake.latency.p99} ms; statuses ${JSON.stringify(statusCounts(stake))}`,
      },
      {
        label: `GET /api/rewards/summary through the gateway, ${CONNECTIONS} connections: req/s`,
        value: summaryPerS,
        unit: 'req/s',
        decimals: 0,
        target: `≥ ${SUMMARY_TARGET}`,
        met: summaryPerS >= SUMMARY_TARGET,
        note: `${summary.non2xx} non-2xx, ${summary.errors} errors`,
      },
      {
        label: 'GET /api/rewards/summary: latency p99',
        value: summary.latency.p99,
        unit: 'ms',
        decimals: 0,
        target: `≤ ${P99_TARGET_MS} ms`,
        met: atMost(summary.latency.p99, P99_TARGET_MS),
        note: `p50 ${summary.latency.p50} ms`,
      },
    ];
    const row = (label: string, r: autocannon.Result & { foreign: number | null }) => [
      label,
      fixed(r['2xx'] / r.duration, 0),
      `${r.latency.p50} ms`,
      `${r.latency.p99} ms`,
      String(r['2xx']),
      String(r.non2xx),
      String(r.errors),
      describeForeign(r.foreign),
    ];
    return {
      name: 'rewards',
      title: 'Rewards service: money operations on hot accounts and the dashboard summary',
      command: 'pnpm bench rewards',
      figures,
      tables: [
        {
          title: `Load through the gateway (autocannon in the bench process, ${CONNECTIONS} connections, ${seconds} s each)`,
          head: ['Run', '2xx/s', 'p50', 'p99', '2xx', 'non-2xx', 'errors', 'CPU used by other processes'],
          rows: [
            row(`money mix (${ops.map((o) => o.label).join(', ')})`, money),
            row('GET /summary', summary),
            row('GET /health', health),
            row('GET /openapi.json', openapi),
            row('stake / unstake 1 FORGE', stake),
          ],
        },
      ],
      notes: [
        `Each of the ${CONNECTIONS} clients is one of ${ACCOUNTS} accounts (5 clients per account) and sends, in turn: ${ops.map((o) => o.label).join(', ')}, each POST with a fresh Idempotency-Key, so every request runs (none is a replay).`,
        `Accounts are new users signed up through the gateway, seeded with ${SEED_POINTS.toLocaleString('en-US')} points and ${SEED_CENTS.toLocaleString('en-US')} cents through the published functions rewards.award_points and rewards.credit_cash, and ${PRE_STAKED} of their welcome FORGE staked, so no operation is refused for want of funds: a 422 would mean a race was lost, and the invariants are checked for every user in the database.`,
        'Each money operation is one transaction in four round trips: BEGIN, the gate (the session confirmed, the write bucket read, the idempotency key claimed, in one statement), one call of a rewards function (a conditional update or a row lock on the account, the ledger row, the live event), then the kept answer with the write token taken, and COMMIT; a withdrawal also enqueues its completion job (pg-boss), which completes it about 3 s later during the run. The session lookup of requireUser is skipped for a session the service has seen live.',
        "Client, gateway, services and PostgreSQL share the machine's cores.",
        `The services start with the per-user write limit raised (WRITE_RATE_LIMIT_BURST / _PER_SECOND in bench/src/lib/stack.ts): ${CONNECTIONS} clients on ${ACCOUNTS} accounts send about ${CONNECTIONS / ACCOUNTS}x a person's rate per account, far above the default 20 at once and 10 a second. The bucket's SQL still runs on every write.`,
      ],
    };
  } finally {
    await db.end({ timeout: 1 });
  }
};
