import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createLocalJWKSet, importJWK, jwtVerify, type JSONWebKeySet } from 'jose';
import postgres from 'postgres';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@starforge/contracts/auth';
import { createSql, remoteKeySet, verifyAccessToken } from '@starforge/service-kit';
import { freePort } from '@starforge/launcher/ports';
import { startNodeProcess } from '@starforge/launcher/processes';
import { createAuthedApp } from './lib/authed-app';
import { postJson, signUpAccount } from './lib/accounts';
import { describeForeign } from './lib/foreign-cpu';
import { loadRun } from './lib/load-run';
import { benchServiceEnv, type StackHolder } from './lib/stack';
import { fixed, mean, median, percentile } from './lib/stats';
import type { BenchResult, Figure } from './lib/report';
import { BenchWallet } from './lib/wallet';

const LOAD_SECONDS = 10;
const CONCURRENCIES = [1, 8, 32];
/** In-process timings run in rounds; the best round estimates the cost without other work on the cores. */
const ROUNDS = 3;
const VERIFY_PER_ROUND = 2_000;
const VERIFY_ITERATIONS = ROUNDS * VERIFY_PER_ROUND;
const HASHES_PER_ROUND = 10;
const HASH_SAMPLES = ROUNDS * HASHES_PER_ROUND;
const WALLET_ROUNDS = 50;
const HTTP_COMPARE_SECONDS = 5;
const HTTP_COMPARE_CONNECTIONS = 32;

// `Algorithm` is an ambient const enum that isolatedModules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

const json = { 'content-type': 'application/json' };

interface LoadRow {
  connections: number;
  successPerS: number;
  requestsPerS: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Share of the CPU other processes used during the run. */
  foreign: number | null;
}

const toRow = (connections: number, r: autocannon.Result & { foreign: number | null }): LoadRow => ({
  foreign: r.foreign,
  connections,
  successPerS: r['2xx'] / r.duration,
  requestsPerS: r.requests.total / r.duration,
  p50: r.latency.p50,
  p99: r.latency.p99,
  ok: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
});

/** Times `fn` `n` times, one after another; returns each duration in microseconds. */
const timeEach = async (n: number, fn: () => Promise<unknown>): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e3);
  }
  return out;
};

interface Rounds {
  /** Every sample, in µs. */
  all: number[];
  /** The lowest of the rounds' statistic (median or mean), in µs. */
  best: number;
}

/** `ROUNDS` rounds of `perRound` timed calls; `stat` summarises a round (median or mean). */
const inRounds = async (perRound: number, fn: () => Promise<unknown>, stat: (v: number[]) => number): Promise<Rounds> => {
  const all: number[] = [];
  const perRoundStats: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const samples = await timeEach(perRound, fn);
    all.push(...samples);
    perRoundStats.push(stat(samples));
  }
  return { all, best: Math.min(...perRoundStats) };
};

/** `$argon2id$v=19$m=19456,t=2,p=1$...` → its cost parameters. */
const parseArgon2 = (phc: string) => {
  const m = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!m) throw new Error(`not an argon2 hash: ${phc.slice(0, 20)}…`);
  return { variant: m[1] ?? '', memoryKiB: Number(m[3]), t: Number(m[4]), p: Number(m[5]) };
};

/**
 * The auth service under load through the gateway, the argon2id cost behind it, the cost of
 * checking a token in another service, and the wallet sign-in round trip.
 */
export const authLoadBench = async ({ stack }: { stack: StackHolder }): Promise<BenchResult> => {
  const running = await stack.get();
  const base = running.ipUrl;
  const notes: string[] = [];
  const figures: Figure[] = [];
  const tables: BenchResult['tables'] = [];

  // A user to sign in as, and one real access token from the auth service.
  const { email, password, token } = await signUpAccount(base, 'load', { first: 'Load', last: 'Test' });

  // --- argon2id: the parameters the service really stored, and their cost here --------------
  const db = postgres(running.stack.databaseUrl, { max: 2, onnotice: () => {} });
  let argon: ReturnType<typeof parseArgon2>;
  let storedHash: string;
  try {
    const [row] = await db<{ password_hash: string }[]>`select password_hash from auth.users where email = ${email}`;
    if (!row) throw new Error('the new user is not in auth.users');
    storedHash = row.password_hash;
    argon = parseArgon2(storedHash);
  } finally {
    await db.end({ timeout: 1 });
  }
  console.log(`  argon2: ${argon.variant} m=${argon.memoryKiB} KiB t=${argon.t} p=${argon.p}; timing ${HASH_SAMPLES} hashes`);
  const argonOptions = { algorithm: ARGON2ID, memoryCost: argon.memoryKiB, timeCost: argon.t, parallelism: argon.p };
  await hash(password, argonOptions);
  const hashRounds = await inRounds(HASHES_PER_ROUND, () => hash(password, argonOptions), median);
  const verifyRounds = await inRounds(HASHES_PER_ROUND, () => verify(storedHash, password), median);
  const hashMs = hashRounds.all.map((v) => v / 1e3);
  const verifyMs = verifyRounds.all.map((v) => v / 1e3);
  const parallelStart = process.hrtime.bigint();
  const parallelN = HASH_SAMPLES * 2;
  await Promise.all(Array.from({ length: parallelN }, () => hash(password, argonOptions)));
  const hashesPerS = parallelN / (Number(process.hrtime.bigint() - parallelStart) / 1e9);
  figures.push(
    {
      label: `argon2id cost as stored by the auth service: memory`,
      value: argon.memoryKiB,
      unit: 'KiB',
      decimals: 0,
      note: `t=${argon.t}, p=${argon.p}, ${argon.variant} v=19`,
    },
    {
      label: `argon2id: one hash, in-process (@node-rs/argon2): median of the best of ${ROUNDS} rounds`,
      value: hashRounds.best / 1e3,
      unit: 'ms',
      decimals: 1,
      note: `all ${HASH_SAMPLES}: median ${fixed(median(hashMs))} ms, p95 ${fixed(percentile(hashMs, 95))} ms`,
    },
    {
      label: `argon2id: one verify of the stored hash: median of the best of ${ROUNDS} rounds`,
      value: verifyRounds.best / 1e3,
      unit: 'ms',
      decimals: 1,
      note: `all ${HASH_SAMPLES}: median ${fixed(median(verifyMs))} ms`,
    },
    { label: `argon2id: hashes/s with ${parallelN} at once (libuv pool, all cores)`, value: hashesPerS, unit: '/s', decimals: 0 },
  );

  // --- Token verification in another service, in-process -------------------------------------
  const jwksUrl = `${running.stack.services.auth}/api/auth/.well-known/jwks.json`;
  const jwks = (await (await fetch(jwksUrl)).json()) as JSONWebKeySet;
  const remoteKeys = remoteKeySet(jwksUrl);
  const localKeys = createLocalJWKSet(jwks);
  const firstKey = jwks.keys[0];
  if (!firstKey) throw new Error('the JWKS has no key');
  const publicKey = await importJWK(firstKey, 'EdDSA');
  const joseOptions = { algorithms: ['EdDSA'], audience: ACCESS_TOKEN_AUDIENCE, issuer: ACCESS_TOKEN_ISSUER, requiredClaims: ['exp', 'sub'] };
  await verifyAccessToken(token, remoteKeys); // fetches and caches the JWKS once
  const warm = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 500; i++) await fn();
  };
  console.log(`  token verification: ${ROUNDS} rounds of ${VERIFY_PER_ROUND} iterations each`);
  const runVerify = async (fn: () => Promise<unknown>): Promise<Rounds> => {
    await warm(fn);
    return inRounds(VERIFY_PER_ROUND, fn, mean);
  };
  const rawJose = await runVerify(() => jwtVerify(token, publicKey, joseOptions));
  const viaLocalSet = await runVerify(() => verifyAccessToken(token, localKeys));
  const viaRemoteSet = await runVerify(() => verifyAccessToken(token, remoteKeys));

  const sql = createSql(running.stack.databaseUrl, { max: 4 });
  let middleware: { open: Rounds; authedGet: Rounds; authedPost: Rounds };
  try {
    const app = createAuthedApp(sql, remoteKeys);
    const headers = { authorization: `Bearer ${token}` };
    const check = async (res: Response | Promise<Response>) => {
      const r = await res;
      if (r.status !== 200) throw new Error(`tiny app answered ${r.status}: ${await r.text()}`);
    };
    await check(app.request('/authed', { headers }));
    await check(app.request('/authed', { method: 'POST', headers }));
    middleware = {
      open: await runVerify(() => check(app.request('/open'))),
      authedGet: await runVerify(() => check(app.request('/authed', { headers }))),
      authedPost: await runVerify(() => check(app.request('/authed', { method: 'POST', headers }))),
    };
  } finally {
    await sql.end({ timeout: 1 });
  }
  const us = (v: Rounds) => [`${fixed(v.best, 0)} µs`, `${fixed(mean(v.all), 0)} µs`, `${fixed(median(v.all), 0)} µs`, `${fixed(percentile(v.all, 99), 0)} µs`];
  figures.push(
    {
      label: `Token verification: verifyAccessToken (jose jwtVerify EdDSA + claims), cached remote JWKS: mean, best of ${ROUNDS} rounds`,
      value: viaRemoteSet.best,
      unit: 'µs',
      decimals: 0,
      note: `all ${VERIFY_ITERATIONS}: mean ${fixed(mean(viaRemoteSet.all), 0)} µs, p99 ${fixed(percentile(viaRemoteSet.all, 99), 0)} µs`,
    },
    {
      label: 'requireUser middleware cost per GET (authed GET − open GET, in-process app.request, best rounds)',
      value: middleware.authedGet.best - middleware.open.best,
      unit: 'µs',
      decimals: 0,
    },
    {
      label: 'requireUser cost per write (authed POST: signature + session lookup in Postgres − open GET, best rounds)',
      value: middleware.authedPost.best - middleware.open.best,
      unit: 'µs',
      decimals: 0,
    },
  );
  tables.push({
    title: `Token verification in-process (${ROUNDS} rounds × ${VERIFY_PER_ROUND} sequential calls after 500 warm-up; a real token from the auth service)`,
    head: ['What', 'Mean, best round', 'Mean, all', 'p50, all', 'p99, all'],
    rows: [
      ['jose jwtVerify with the imported public key (EdDSA, audience, issuer, required claims)', ...us(rawJose)],
      ['verifyAccessToken with a local JWKS (key lookup by kid + claims schema)', ...us(viaLocalSet)],
      ['verifyAccessToken with the remote JWKS (as services do; cached after the first fetch)', ...us(viaRemoteSet)],
      ['tiny Hono app, GET /open (no middleware), app.request', ...us(middleware.open)],
      ['tiny Hono app, GET /authed (requireUser, signature only)', ...us(middleware.authedGet)],
      ['tiny Hono app, POST /authed (requireUser, signature + auth.active_sessions lookup)', ...us(middleware.authedPost)],
    ],
  });

  // --- Wallet sign-in round trip --------------------------------------------------------------
  console.log(`  wallet sign-in: 1 warm-up + ${WALLET_ROUNDS} sequential rounds`);
  const wallet = new BenchWallet();
  const walletRound = async () => {
    const t0 = process.hrtime.bigint();
    const nonce = await postJson(`${base}/api/auth/wallet/nonce`, { address: wallet.address });
    if (nonce.status !== 200) throw new Error(`nonce answered ${nonce.status}: ${JSON.stringify(nonce.body)}`);
    const t1 = process.hrtime.bigint();
    const message = (nonce.body as { message: string }).message;
    const signature = wallet.signBase64(message);
    const t2 = process.hrtime.bigint();
    const session = await postJson(`${base}/api/auth/token?grant_type=wallet`, { address: wallet.address, message, signature });
    if (session.status !== 200) throw new Error(`wallet sign-in answered ${session.status}: ${JSON.stringify(session.body)}`);
    const t3 = process.hrtime.bigint();
    const msOf = (a: bigint, b: bigint) => Number(b - a) / 1e6;
    return { total: msOf(t0, t3), nonce: msOf(t0, t1), sign: msOf(t1, t2), token: msOf(t2, t3) };
  };
  const firstRound = await walletRound(); // creates the wallet's account
  const rounds = [];
  for (let i = 0; i < WALLET_ROUNDS; i++) rounds.push(await walletRound());
  const totals = rounds.map((r) => r.total);
  figures.push(
    {
      label: 'Wallet sign-in round trip (nonce → ed25519 sign → grant_type=wallet): median',
      value: median(totals),
      unit: 'ms',
      decimals: 1,
      note: `${WALLET_ROUNDS} rounds, returning wallet`,
    },
    { label: 'Wallet sign-in round trip: p95', value: percentile(totals, 95), unit: 'ms', decimals: 1 },
  );
  tables.push({
    title: `Wallet sign-in parts (median of ${WALLET_ROUNDS} rounds, through the gateway)`,
    head: ['Part', 'Median', 'p95'],
    rows: [
      [
        'POST /api/auth/wallet/nonce',
        `${fixed(median(rounds.map((r) => r.nonce)), 2)} ms`,
        `${fixed(
          percentile(
            rounds.map((r) => r.nonce),
            95,
          ),
          2,
        )} ms`,
      ],
      [
        'ed25519 sign (node:crypto)',
        `${fixed(median(rounds.map((r) => r.sign)), 3)} ms`,
        `${fixed(
          percentile(
            rounds.map((r) => r.sign),
            95,
          ),
          3,
        )} ms`,
      ],
      [
        'POST /api/auth/token?grant_type=wallet',
        `${fixed(median(rounds.map((r) => r.token)), 2)} ms`,
        `${fixed(
          percentile(
            rounds.map((r) => r.token),
            95,
          ),
          2,
        )} ms`,
      ],
      ['whole round', `${fixed(median(totals), 2)} ms`, `${fixed(percentile(totals, 95), 2)} ms`],
      ['first round (new wallet: account created)', `${fixed(firstRound.total, 2)} ms`, ''],
    ],
  });

  // --- Password sign-in under load through the gateway ---------------------------------------
  const url = `${base}/api/auth/token?grant_type=password`;
  const body = JSON.stringify({ email, password });
  console.log(`  sign-in load: 3 s warm-up, then ${LOAD_SECONDS} s at ${CONCURRENCIES.join(' and ')} connections`);
  await loadRun({ url, method: 'POST', headers: json, body, connections: 8, duration: 3 });
  const rows: LoadRow[] = [];
  for (const connections of CONCURRENCIES) {
    const r = toRow(connections, await loadRun({ url, method: 'POST', headers: json, body, connections, duration: LOAD_SECONDS }));
    rows.push(r);
    console.log(
      `    ${connections} connections: ${fixed(r.successPerS, 0)} sign-ins/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, other processes ${describeForeign(r.foreign)} of the CPU`,
    );
    figures.push(
      {
        label: `Password sign-in, ${connections} connections: successful sign-ins/s`,
        value: r.successPerS,
        unit: '/s',
        decimals: 0,
        note: `${r.ok} OK, ${r.non2xx} non-2xx, ${r.errors} errors in ${LOAD_SECONDS} s`,
      },
      { label: `Password sign-in, ${connections} connections: latency p50`, value: r.p50, unit: 'ms', decimals: 0 },
      { label: `Password sign-in, ${connections} connections: latency p99`, value: r.p99, unit: 'ms', decimals: 0 },
    );
  }
  const bestRate = Math.max(...rows.map((r) => r.successPerS));
  const hashCeiling = hashesPerS;
  notes.push(
    `Sign-in is bound by argon2id: ${fixed(hashCeiling, 0)} hashes/s is the in-process ceiling on this machine, and the service reached ${fixed(bestRate, 0)} sign-ins/s (${fixed((100 * bestRate) / hashCeiling, 0)}% of it) while also running the gateway, Postgres (rate-limit counter, user lookup, session insert) and the load generator on the same ${cpus().length} cores.`,
  );

  // --- HTTP comparison: a tiny service with and without requireUser ---------------------------
  console.log(`  HTTP comparison: tiny Hono app in its own process, ${HTTP_COMPARE_SECONDS} s per case at ${HTTP_COMPARE_CONNECTIONS} connections`);
  const port = await freePort();
  const child = startNodeProcess(
    'bench-authed-app',
    fileURLToPath(new URL('./lib/authed-server.ts', import.meta.url)),
    { DATABASE_URL: running.stack.databaseUrl, AUTH_JWKS_URL: jwksUrl, PORT: String(port) },
    (line) => console.log(`    ${line}`),
  );
  const httpRows: string[][] = [];
  try {
    const appUrl = await child.listening;
    const cases: [string, autocannon.Options][] = [
      ['GET /open (no middleware)', { url: `${appUrl}/open` }],
      ['GET /authed (requireUser: signature)', { url: `${appUrl}/authed`, headers: { authorization: `Bearer ${token}` } }],
      ['POST /authed (requireUser: signature + session lookup)', { url: `${appUrl}/authed`, method: 'POST', headers: { authorization: `Bearer ${token}` } }],
    ];
    await loadRun({ ...cases[1]![1], connections: HTTP_COMPARE_CONNECTIONS, duration: 2 }); // warm-up, fetches the JWKS
    const rates: number[] = [];
    for (const [label, options] of cases) {
      const r = toRow(HTTP_COMPARE_CONNECTIONS, await loadRun({ ...options, connections: HTTP_COMPARE_CONNECTIONS, duration: HTTP_COMPARE_SECONDS }));
      rates.push(r.successPerS);
      httpRows.push([label, fixed(r.successPerS, 0), `${r.p50} ms`, `${r.p99} ms`, String(r.non2xx), String(r.errors), describeForeign(r.foreign)]);
    }
    const [open, authedGet, authedPost] = rates;
    if (open && authedGet && authedPost) {
      figures.push(
        {
          label: `HTTP: tiny app GET req/s, open → authed (${HTTP_COMPARE_CONNECTIONS} connections)`,
          value: authedGet,
          unit: 'req/s',
          decimals: 0,
          note: `open ${fixed(open, 0)} req/s; authed is ${fixed((100 * authedGet) / open, 0)}% of open`,
        },
        { label: 'HTTP: tiny app authed POST (with session lookup) req/s', value: authedPost, unit: 'req/s', decimals: 0 },
      );
    }
  } catch (error) {
    notes.push(`The HTTP comparison could not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await child.stop();
  }

  tables.unshift({
    title: `Password sign-in through the gateway (POST /api/auth/token?grant_type=password, one pre-created user, ${LOAD_SECONDS} s each, autocannon in the bench process)`,
    head: ['Connections', 'Sign-ins/s (2xx)', 'Requests/s', 'p50', 'p99', '2xx', 'non-2xx', 'errors', 'CPU used by other processes'],
    rows: rows.map((r) => [
      String(r.connections),
      fixed(r.successPerS, 0),
      fixed(r.requestsPerS, 0),
      `${r.p50} ms`,
      `${r.p99} ms`,
      String(r.ok),
      String(r.non2xx),
      String(r.errors),
      describeForeign(r.foreign),
    ]),
  });
  if (httpRows.length)
    tables.push({
      title: `HTTP: a tiny Hono app using requireUser, in its own Node process (autocannon, ${HTTP_COMPARE_CONNECTIONS} connections, ${HTTP_COMPARE_SECONDS} s each)`,
      head: ['Request', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', 'CPU used by other processes'],
      rows: httpRows,
    });
  notes.push(
    `Rate limits raised through serviceEnv (${Object.entries(benchServiceEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}); the limiter's SQL still runs on every attempt.`,
    "Load runs over loopback through the gateway; autocannon runs in the bench process, so client, gateway, services and PostgreSQL all share the machine's cores.",
    'argon2id parameters are read from the hash the auth service stored for the benchmark user (not from its source), then timed in this process with @node-rs/argon2.',
    'The wallet helper is bench/src/lib/wallet.ts (node:crypto ed25519, bs58 address); the returning wallet signs the exact message the nonce call returned.',
  );

  return {
    name: 'auth',
    title: 'Auth service: sign-in load, argon2id, token verification, wallet sign-in',
    command: 'pnpm bench auth',
    figures,
    tables,
    notes,
  };
};
