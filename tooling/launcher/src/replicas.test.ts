import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { eventIdInCursor, serviceNames, type ServiceName } from '@starforge/contracts/shared';
import { ensureDatabase } from './postgres';
import { freePort } from './ports';
import { waitForOk } from './processes';
import { LiveStream } from './rolling-restart/live-stream';
import { LoadClient, type ClientRecord, type FailedRequest } from './rolling-restart/load-clients';
import { startStack, type RunningStack } from './stack';

/**
 * The whole product with two copies of every service, started as `REPLICAS=2 pnpm start` starts
 * it, on a database of its own (so its copies also create their job queues at once on a fresh
 * database). Each state that matters is shown to hold across copies by asking the copies
 * directly, and a rolling restart of all twelve copies under load loses nothing.
 */
const COPIES = 2;
const LOAD_CLIENTS = 50;

let stack: RunningStack;
let sql: postgres.Sql;
const log: string[] = [];

beforeAll(async () => {
  const admin = new URL(inject('databaseUrl'));
  admin.pathname = '/postgres';
  const databaseUrl = await ensureDatabase(admin.toString(), `starforge_replicas_${process.pid}`);
  stack = await startStack({
    port: await freePort(),
    databaseUrl,
    imageDir: mkdtempSync(join(tmpdir(), 'replicas-images-')),
    replicas: Object.fromEntries(serviceNames.map((d) => [d, COPIES])) as Record<ServiceName, number>,
    // Fifty sign-ups from one address in a minute are this test's doing, not an attack.
    serviceEnv: { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_NONCES_PER_IP: '100000' },
    log: (line) => log.push(line),
  });
  sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
  const admin = new URL(inject('databaseUrl'));
  admin.pathname = '/postgres';
  const drop = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await drop`drop database if exists ${drop(`starforge_replicas_${process.pid}`)} with (force)`.catch(() => undefined);
  await drop.end();
}, 60_000);

const copy = (service: ServiceName, index: number) => stack.copies[service][index] as string;

/** A request as a script makes it (no Origin): JSON in and out, a bearer token, an Idempotency-Key on writes. */
const ask = async (base: string, method: string, path: string, token: string | null, body?: unknown, key: string | null = randomUUID()) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET' && key) headers['idempotency-key'] = key;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
};

/** A new account through the gateway: its id and access token. */
const signUp = async () => {
  const email = `replica-${randomUUID().slice(0, 8)}@example.com`;
  const res = await ask(stack.url, 'POST', '/api/auth/signup', null, { email, password: 'replicas-42', data: { first_name: 'Rep', last_name: 'Lica' } });
  expect(res.status).toBe(200);
  const body = res.body as { user: { id: string }; session: { access_token: string } };
  return { id: body.user.id, token: body.session.access_token };
};

describe('two copies of every service on one database', () => {
  it('every copy is ready', async () => {
    for (const d of serviceNames) {
      expect(stack.copies[d]).toHaveLength(COPIES);
      for (const url of stack.copies[d]) expect((await fetch(`${url}/api/${d}/ready`)).status).toBe(200);
    }
  });

  it('a copy checking its first token while the auth copy it used to take the keys from restarts still lets the user in', async () => {
    const user = await signUp();
    // A copy that has never checked a token: it has no keys cached and must fetch them now.
    const fresh = stack.processes['bounties-1'];
    const keysFrom = stack.processes['auth-1'];
    if (!fresh || !keysFrom) throw new Error('no bounties-1 or auth-1');
    await fresh.restart();
    await waitForOk(`${copy('bounties', 0)}/api/bounties/ready`);
    keysFrom.current().kill('SIGTERM');
    // Drained and gone: it refuses connections until the supervisor has it back.
    await vi.waitFor(() => expect(fetch(`${copy('auth', 0)}/api/auth/health`)).rejects.toThrow(), { timeout: 10_000, interval: 10 });
    const res = await ask(copy('bounties', 0), 'GET', '/api/bounties/subscription', user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await waitForOk(`${copy('auth', 0)}/api/auth/ready`);
  }, 60_000);

  it('a session signed out through one auth copy is refused by every copy of every service', async () => {
    const user = await signUp();
    for (const d of ['rewards', 'nft'] as const) {
      for (let i = 0; i < COPIES; i++)
        expect((await ask(copy(d, i), 'GET', d === 'rewards' ? '/api/rewards/summary' : '/api/nft/nfts', user.token)).status).toBe(200);
    }
    expect((await ask(copy('auth', 0), 'POST', '/api/auth/logout', user.token)).status).toBe(204);
    await vi.waitFor(
      async () => {
        for (let i = 0; i < COPIES; i++) {
          expect((await ask(copy('rewards', i), 'GET', '/api/rewards/summary', user.token)).status).toBe(401);
          expect((await ask(copy('nft', i), 'GET', '/api/nft/nfts', user.token)).status).toBe(401);
          expect((await ask(copy('auth', i), 'GET', '/api/auth/user', user.token)).status).toBe(401);
        }
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('an Idempotency-Key sent to one copy replays on the other', async () => {
    const user = await signUp();
    const key = randomUUID();
    const first = await ask(copy('rewards', 0), 'POST', '/api/rewards/tokens/stake', user.token, { amount: 5 }, key);
    const again = await ask(copy('rewards', 1), 'POST', '/api/rewards/tokens/stake', user.token, { amount: 5 }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await sql<{ staked: string }[]>`select staked_amount::text as staked from rewards.starforge_tokens where user_id = ${user.id}`;
    expect(row?.staked).toBe('5');
  });

  it('the write limit counts a user’s writes on both copies together', async () => {
    const user = await signUp();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ask(copy('rewards', i % COPIES), 'POST', '/api/rewards/tokens/stake', user.token, { amount: 1 })),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429)).toBe(true);
    // 20 at once and 10 a second for the user, wherever the writes land (each copy alone would allow 20 of its own).
    expect(accepted).toBeLessThanOrEqual(20 + Math.ceil(seconds * 10));
    expect(accepted).toBeLessThan(40);
  });

  it('a job runs once, whichever copy enqueued it', async () => {
    const user = await signUp();
    const runs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ask(copy('rewards', i % COPIES), 'POST', '/api/rewards/test-runs', user.token, { network: 'sepolia', test_type: 'transaction' });
      expect(res.status).toBe(201);
      runs.push(String(res.body?.id));
    }
    await vi.waitFor(
      async () => {
        const done = await sql`select 1 from rewards.test_runs where id = any(${runs}::uuid[]) and status in ('completed', 'failed')`;
        expect(done).toHaveLength(runs.length);
      },
      { timeout: 15_000, interval: 100 },
    );
    const ledger = await sql<{ sourceId: string; rows: number }[]>`
      select source_id as "sourceId", count(*)::int as rows from rewards.transactions
      where user_id = ${user.id} and source_type = 'test_run' group by source_id`;
    expect(ledger.map((r) => r.sourceId).sort()).toEqual([...runs].sort());
    expect(ledger.every((r) => r.rows === 1)).toBe(true);
  });

  it('a stream held by one events copy receives an event committed through a copy of another service', async () => {
    const user = await signUp();
    const stream = new LiveStream(copy('events', 0), user.token);
    await stream.start();
    try {
      expect((await ask(copy('rewards', 1), 'POST', '/api/rewards/tokens/stake', user.token, { amount: 2 })).status).toBe(200);
      await vi.waitFor(
        () => expect(stream.events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toContainEqual(['rewards.account_changed', 'tokens_staked']),
        {
          timeout: 5_000,
          interval: 50,
        },
      );
    } finally {
      await stream.stop();
    }
  });

  it('an image stored through one nft copy is served by the other', async () => {
    const user = await signUp();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const stored = await fetch(`${copy('nft', 0)}/api/nft/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
      body: png,
    });
    expect(stored.status).toBe(201);
    const { url } = ((await stored.json()) as { image: { url: string } }).image;
    const served = await fetch(`${copy('nft', 1)}${new URL(url, 'http://x').pathname}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // What the first copy stored of the upload: its detail size, WebP (services/nft/README.md, "Images").
    const body = Buffer.from(await served.arrayBuffer());
    expect([body.subarray(0, 4).toString('latin1'), body.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
  });

  it('SIGTERM drains a copy: /ready answers 503 while /health still answers, and the supervisor brings it back', async () => {
    const rewards = stack.processes['rewards-1'];
    if (!rewards) throw new Error('no rewards-1');
    const base = copy('rewards', 0);
    rewards.current().kill('SIGTERM');
    await vi.waitFor(async () => expect((await fetch(`${base}/api/rewards/ready`)).status).toBe(503), { timeout: 1_000, interval: 20 });
    expect((await fetch(`${base}/api/rewards/health`)).status).toBe(200);
    await vi.waitFor(async () => expect((await fetch(`${base}/api/rewards/ready`)).status).toBe(200), { timeout: 30_000, interval: 200 });
  }, 40_000);
});

describe('a rolling restart of every copy under load', () => {
  it(`loses nothing: ${LOAD_CLIENTS} clients sign in, run tests and stake throughout; no request fails and no live event is lost or doubled`, async () => {
    const failures: FailedRequest[] = [];
    const clients = Array.from({ length: LOAD_CLIENTS }, (_, i) => new LoadClient(stack.url, i, failures));
    const records: ClientRecord[] = await Promise.all(clients.map((c) => c.join()));
    const since = new Date();
    let loading = true;
    const load = clients.map(async (client) => {
      while (loading) {
        await client.act();
        // A person's pace: well inside the daily test limit and the write limit over the whole restart.
        await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 400));
      }
    });

    await stack.rollingRestart();
    loading = false;
    await Promise.all(load);

    const runs = records.flatMap((r) => r.runs);
    expect(runs.length).toBeGreaterThan(LOAD_CLIENTS);
    // Every run finishes on the server (its job ran on whichever copy was up), then its events arrive.
    await vi.waitFor(
      async () => {
        const [row] = await sql<{ open: number }[]>`select count(*)::int as open from rewards.test_runs where id = any(${runs}::uuid[]) and status = 'running'`;
        expect(row?.open).toBe(0);
      },
      { timeout: 30_000, interval: 250 },
    );
    await vi.waitFor(
      async () => {
        for (const record of records) {
          const stored = await sql<{ id: string }[]>`
          select id from events.events where user_id = ${record.userId} and created_at >= ${since} order by id`;
          const received = record.stream.events.map((e) => eventIdInCursor(e.type, e.id as string));
          expect(new Set(received).size, `client ${record.index}: an event arrived twice`).toBe(received.length);
          const storedIds = new Set(stored.map((s) => s.id));
          expect(
            received.filter((id) => storedIds.has(id)),
            `client ${record.index}: events lost`,
          ).toEqual(stored.map((s) => s.id));
        }
      },
      { timeout: 15_000, interval: 250 },
    );
    await Promise.all(records.map((r) => r.stream.stop()));

    expect(failures).toEqual([]);
    expect(records.flatMap((r) => r.stream.incomplete)).toEqual([]);
    expect(log.filter((line) => line.includes('rolling restart:'))).toHaveLength(serviceNames.length * COPIES);
  }, 300_000);
});
