import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import postgres from 'postgres';
import { fromRoot } from './paths';
import { freePort } from './ports';
import { startSupervised, type SupervisedProcess } from './supervisor';

const FIXTURE = fromRoot('packages/service-kit/src/jobs/fixtures/job-service.ts');

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('the supervisor', () => {
  let sql: postgres.Sql;
  const lines: string[] = [];
  const started: SupervisedProcess[] = [];
  const supervise = async (service: string) => {
    const port = await freePort();
    const env = { DATABASE_URL: inject('databaseUrl'), HOST: '127.0.0.1', PORT: String(port), FIXTURE_SERVICE: service };
    const supervised = startSupervised(service, FIXTURE, env, (line) => lines.push(line), { initialDelayMs: 500 });
    started.push(supervised);
    const url = await supervised.listening;
    return { supervised, url, port };
  };

  beforeAll(() => {
    sql = postgres(inject('databaseUrl'), { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()));
    await sql.end();
  });

  it('restarts a service killed with kill -9 mid-job on the same port; each job has its effect once; the other service answers throughout', async () => {
    const [a, b] = await Promise.all([supervise('job_fixture_a'), supervise('job_fixture_b')]);
    expect(a.url).toBe(`http://127.0.0.1:${a.port}`);

    // The other service is asked every 100 ms from now until the job is done.
    const failures: string[] = [];
    let asked = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        asked += 1;
        const res = await fetch(`${b.url}/api/job_fixture_b/health`).catch((error: unknown) => String(error));
        if (typeof res === 'string' || !res.ok) failures.push(typeof res === 'string' ? res : `status ${res.status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const request = async (body: object) => {
      const res = await fetch(`${a.url}/api/job_fixture_a/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    // Both due in 1.5 s: k1 is killed before its effect, k2 after its effect but before pg-boss
    // recorded it complete (the case that makes delivery at-least-once).
    const ids = [await request({ key: 'k1', afterSeconds: 1.5, beforeMs: 1_500 }), await request({ key: 'k2', afterSeconds: 1.5, afterMs: 1_500 })];

    await until(
      async () =>
        (await sql`select 1 from job_fixture_a.attempts where key = 'k1'`).length === 1 &&
        (await sql`select 1 from job_fixture_a.effects where key = 'k2'`).length === 1,
      10_000,
      'k1 started and k2 done but not completed',
    );
    expect(await sql`select key from job_fixture_a.effects`).toHaveLength(1);
    const firstPid = a.supervised.current().pid;
    process.kill(firstPid!, 'SIGKILL');

    await until(() => a.supervised.restarts() === 1 && a.supervised.current().pid !== firstPid, 5_000, 'the restart');
    await until(async () => (await fetch(`${a.url}/api/job_fixture_a/health`)).ok, 15_000, 'the restarted service on the same port');
    const completed = async () => (await sql`select id from job_fixture_a_jobs.job where id in ${sql(ids)} and state = 'completed'`).length === 2;
    await until(completed, 25_000, 'both jobs to complete after the restart');
    polling = false;
    await poller;

    expect((await sql`select key from job_fixture_a.effects order by key`).map((r) => r.key)).toEqual(['k1', 'k2']);
    for (const key of ['k1', 'k2']) {
      const attempts = await sql`select attempt from job_fixture_a.attempts where key = ${key} order by id`;
      expect(
        attempts.map((r) => r.attempt),
        key,
      ).toEqual([1, 2]);
    }
    expect(failures).toEqual([]);
    expect(asked).toBeGreaterThan(10);
    expect(lines).toContain('[launcher] job_fixture_a exited (SIGKILL); restarting it in 0.5 s (restart 1); the other services keep running');
    expect(lines).toContain(`[launcher] job_fixture_a is back on ${a.url}`);
  }, 60_000);

  it('stops a service with SIGTERM only after its running job finished, and does not restart it', async () => {
    const c = await supervise('job_fixture_c');
    const res = await fetch(`${c.url}/api/job_fixture_c/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'k2', afterSeconds: 0 }),
    });
    const { id } = (await res.json()) as { id: string };
    await until(async () => (await sql`select 1 from job_fixture_c.attempts where key = 'k2'`).length === 1, 10_000, 'the job to start');
    await c.supervised.stop();
    expect(await sql`select key from job_fixture_c.effects`).toHaveLength(1);
    expect((await sql`select state from job_fixture_c_jobs.job where id = ${id}`)[0]?.state).toBe('completed');
    expect(lines.some((l) => l.includes('job_fixture_c] SIGTERM: draining'))).toBe(true);
    expect(c.supervised.restarts()).toBe(0);
  }, 30_000);

  it('backs off when a service keeps dying: doubling delays up to the cap', async () => {
    const own: string[] = [];
    const dying = startSupervised('dies', fromRoot('tooling/launcher/src/test-fixtures/dies-after-listening.ts'), {}, (line) => own.push(line), {
      initialDelayMs: 100,
      maxDelayMs: 200,
    });
    started.push(dying);
    await dying.listening;
    await until(() => dying.restarts() >= 3, 20_000, 'three restarts');
    await dying.stop();
    const delays = own.filter((l) => l.startsWith('[launcher] dies exited')).map((l) => /restarting it in (\S+ s)/.exec(l)?.[1]);
    expect(delays.slice(0, 3)).toEqual(['0.1 s', '0.2 s', '0.2 s']);
    expect(own.find((l) => l.startsWith('[launcher]'))).toBe(
      '[launcher] dies exited (code 3); restarting it in 0.1 s (restart 1); the other services keep running',
    );
  }, 30_000);

  it('starts the backoff over for a process that ran long enough before dying', async () => {
    const own: string[] = [];
    const dying = startSupervised('dies', fromRoot('tooling/launcher/src/test-fixtures/dies-after-listening.ts'), {}, (line) => own.push(line), {
      initialDelayMs: 100,
      stableAfterMs: 50,
    });
    started.push(dying);
    await dying.listening;
    await until(() => dying.restarts() >= 2, 20_000, 'two restarts');
    await dying.stop();
    const delays = own.filter((l) => l.startsWith('[launcher] dies exited')).map((l) => /restarting it in (\S+ s)/.exec(l)?.[1]);
    expect(delays.slice(0, 2)).toEqual(['0.1 s', '0.1 s']);
  }, 30_000);

  it('does not restart a service whose first start fails', async () => {
    const port = await freePort();
    const broken = startSupervised(
      'job_fixture_broken',
      FIXTURE,
      { DATABASE_URL: 'not a url', HOST: '127.0.0.1', PORT: String(port), FIXTURE_SERVICE: 'job_fixture_broken' },
      (line) => lines.push(line),
    );
    started.push(broken);
    await expect(broken.listening).rejects.toThrow(/exited .* before listening/);
    await new Promise((r) => setTimeout(r, 800));
    expect(broken.restarts()).toBe(0);
  }, 30_000);
});
