import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createSql, type Sql } from '../db';
import { asksFresh, NotifiedCache } from './notified-cache';

// A channel and pool name of this file's own: other files' notifications never reach it.
const name = `kit_cache_${randomBytes(4).toString('hex')}`;
let sql: Sql;
let cache: NotifiedCache<string>;
const caches: NotifiedCache<string>[] = [];

beforeAll(() => {
  sql = createSql(inject('databaseUrl'), { max: 4, schema: name });
});
afterEach(async () => {
  await Promise.all(caches.splice(0).map((c) => c.stop()));
});
afterAll(() => sql.end());

const newCache = async (options: { capacity?: number; maxAgeMs?: number; seenWaitMs?: number } = {}) => {
  const made = new NotifiedCache<string>(sql, {
    channel: name,
    capacity: options.capacity ?? 10,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    ...(options.seenWaitMs === undefined ? {} : { seenWaitMs: options.seenWaitMs }),
  });
  caches.push(made);
  made.start();
  await vi.waitFor(() => expect(made.enabled).toBe(true));
  return made;
};

/** A committed change, as a writer's trigger announces it; resolves once `of` has heard it. */
const notified = async (...of: NotifiedCache<string>[]) => {
  const before = of.map((c) => c.generation);
  await sql`select pg_notify(${name}, 'changed')`;
  await vi.waitFor(() => expect(of.every((c, i) => c.generation > (before[i] ?? 0))).toBe(true));
};

/** A committed change as a writer's trigger announces it (its transaction's id as the payload); returns that id. */
const committedChange = async () => {
  const [row] = await sql.begin((tx) => tx<{ id: string }[]>`select pg_current_xact_id()::text as id, pg_notify(${name}, pg_current_xact_id()::text)`);
  if (!row) throw new Error('no transaction id');
  return row.id;
};

/**
 * Runs `during` while the caches' listening backends are stopped (SIGSTOP; the embedded server is
 * this machine's), so a notification committed meanwhile reaches no cache until they go on: the
 * race where a client hears of a change before a copy of the service does, made certain.
 */
const withListenersHeld = async <T>(during: (resume: () => void) => Promise<T>): Promise<T> => {
  const listeners = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where application_name = ${`starforge-${name}-listen`}`;
  expect(listeners.length).toBeGreaterThan(0);
  let held = true;
  const resume = () => {
    if (!held) return;
    held = false;
    for (const { pid } of listeners) process.kill(pid, 'SIGCONT');
  };
  for (const { pid } of listeners) process.kill(pid, 'SIGSTOP');
  try {
    return await during(resume);
  } finally {
    resume();
  }
};

/**
 * Waits for `check`, looking again after every turn of the event loop (never a timer's delay), so
 * it sees a state that lasts only until the next I/O.
 */
const untilImmediate = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** A load that counts its calls and answers `value()` as it is when called. */
const loader = (value: () => string) => {
  const load = Object.assign(
    async () => {
      load.calls++;
      return value();
    },
    { calls: 0 },
  );
  return load;
};

describe('NotifiedCache', () => {
  it('keeps a value until a notification, then loads it again', async () => {
    cache = await newCache();
    let data = 'v1';
    const load = loader(() => data);
    expect(await cache.get('k', load)).toBe('v1');
    expect(await cache.get('k', load)).toBe('v1');
    expect(load.calls).toBe(1);

    data = 'v2';
    await notified(cache);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe('v2');
    expect(load.calls).toBe(2);
  });

  it('does not keep what a load read before a notification that arrived while it ran', async () => {
    cache = await newCache();
    let data = 'before';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The load has read its snapshot; the change commits and is heard before it returns.
    const inFlight = cache.get('k', async () => {
      const read = data;
      await gate;
      return read;
    });
    data = 'after';
    await notified(cache);
    release();
    expect(await inFlight).toBe('before');
    expect(cache.size).toBe(0);
    const load = loader(() => data);
    expect(await cache.get('k', load)).toBe('after');
    expect(load.calls).toBe(1);
  });

  it('shares one load among concurrent misses of a key, but not across a notification', async () => {
    cache = await newCache();
    const answers: ((value: string) => void)[] = [];
    const slow = () => new Promise<string>((resolve) => answers.push(resolve));
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    expect(answers).toHaveLength(1);
    await notified(cache);
    // Asked after the change was heard: a load of its own, never the one in flight.
    const third = cache.get('k', slow);
    expect(answers).toHaveLength(2);
    answers[0]?.('old');
    answers[1]?.('new');
    expect(await Promise.all([first, second, third])).toEqual(['old', 'old', 'new']);
    const load = loader(() => 'unused');
    expect(await cache.get('k', load)).toBe('new');
    expect(load.calls).toBe(0);
  });

  it('keeps at most `capacity` values, the least recently used going first', async () => {
    cache = await newCache({ capacity: 3 });
    const load = loader(() => 'v');
    for (const key of ['a', 'b', 'c']) await cache.get(key, load);
    await cache.get('a', load); // a is now the most recently used
    await cache.get('d', load); // b goes
    expect(cache.size).toBe(3);
    expect(load.calls).toBe(4);
    for (const key of ['a', 'c', 'd']) await cache.get(key, load);
    expect(load.calls).toBe(4);
    await cache.get('b', load);
    expect(load.calls).toBe(5);
    expect(cache.size).toBe(3);
  });

  it('loads a value again once it is `maxAgeMs` old, notification or not', async () => {
    cache = await newCache({ maxAgeMs: 100 });
    let data = 'v1';
    const load = loader(() => data);
    await cache.get('k', load);
    data = 'v2';
    expect(await cache.get('k', load)).toBe('v1');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('keeps nothing from the moment its connection is lost, and starts empty when LISTEN is back', async () => {
    cache = await newCache();
    let data = 'v1';
    const load = loader(() => data);
    await cache.get('k', load);
    const [listener] = await sql<{ pid: number }[]>`
      select pid from pg_stat_activity where application_name = ${`starforge-${name}-listen`}`;
    expect(listener).toBeDefined();
    await sql`select pg_terminate_backend(${listener?.pid ?? 0})`;
    // Seen before the reconnect's first I/O: the state lasts from the close to the new LISTEN.
    await untilImmediate(() => !cache.enabled);
    expect(cache.size).toBe(0);
    data = 'v2';
    const whileLost = cache.get('k', load);
    expect(await whileLost).toBe('v2');
    expect(cache.size).toBe(0);

    await vi.waitFor(() => expect(cache.enabled).toBe(true));
    data = 'v3';
    expect(await cache.get('k', load)).toBe('v3');
    expect(cache.size).toBe(1);
    // Listening again: notifications are heard again.
    data = 'v4';
    await notified(cache);
    expect(await cache.get('k', load)).toBe('v4');
  });

  it('empties every copy listening on the channel', async () => {
    const copies = [await newCache(), await newCache()];
    let data = 'v1';
    const load = loader(() => data);
    for (const copy of copies) expect(await copy.get('k', load)).toBe('v1');
    data = 'v2';
    await notified(...copies);
    for (const copy of copies) expect(await copy.get('k', load)).toBe('v2');
  });

  it('loads every time before LISTEN is in place and after stop', async () => {
    const fresh = new NotifiedCache<string>(sql, { channel: name, capacity: 10, maxAgeMs: 60_000 });
    caches.push(fresh);
    const load = loader(() => 'v');
    await fresh.get('k', load); // starts listening; not in place yet
    await vi.waitFor(() => expect(fresh.enabled).toBe(true));
    await fresh.get('k', load);
    await fresh.get('k', load);
    expect(load.calls).toBe(2);
    await fresh.stop();
    expect(fresh.enabled).toBe(false);
    await fresh.get('k', load);
    await fresh.get('k', load);
    expect(load.calls).toBe(4);
    await vi.waitFor(async () => {
      const [listeners] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where application_name = ${`starforge-${name}-listen`}`;
      expect(listeners?.n).toBe(0);
    });
  });

  it('never serves a value read before a `seen` transaction it has not heard of: it loads past the cache', async () => {
    cache = await newCache({ seenWaitMs: 200 });
    let data = 'v1';
    const load = loader(() => data);
    expect(await cache.get('k', load)).toBe('v1');
    await withListenersHeld(async () => {
      const changed = await committedChange();
      data = 'v2';
      // The client heard of `changed` (its event) before this copy's listener did.
      expect(await cache.get('k', load, { seen: changed })).toBe('v2');
      // Loaded past the cache: v1 is kept (its notification is not in), and served without `seen`.
      expect(await cache.get('k', load)).toBe('v1');
    });
    await vi.waitFor(async () => expect(await cache.get('k', load)).toBe('v2'));
  });

  it('loads a `fresh` get past the kept value and a load under way, and keeps what it read', async () => {
    cache = await newCache();
    let data = 'v1';
    const load = loader(() => data);
    expect(await cache.get('k', load)).toBe('v1');
    await withListenersHeld(async () => {
      // The caller's own write committed; this copy has not heard it (nor could a client name it).
      await committedChange();
      data = 'v2';
      expect(await cache.get('k', load)).toBe('v1');
      expect(await cache.get('k', load, { fresh: true })).toBe('v2');
      // Kept: the next gets, fresh or not, no longer see v1.
      expect(await cache.get('k', load)).toBe('v2');
    });
  });

  it('reads Cache-Control: no-cache as a fresh get', () => {
    expect(asksFresh('no-cache')).toBe(true);
    expect(asksFresh('max-age=0, No-Cache')).toBe(true);
    expect(asksFresh(undefined)).toBe(false);
    expect(asksFresh('no-store')).toBe(false);
    expect(asksFresh('max-age=0')).toBe(false);
  });

  it('lets the gets of a `seen` transaction wait for its notification, then share one load', async () => {
    cache = await newCache({ seenWaitMs: 15_000 });
    let data = 'v1';
    const load = loader(() => data);
    await cache.get('k', load);
    await withListenersHeld(async (resume) => {
      const changed = await committedChange();
      data = 'v2';
      const herd = [1, 2, 3].map(() => cache.get('k', load, { seen: changed }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(load.calls).toBe(1);
      resume();
      expect(await Promise.all(herd)).toEqual(['v2', 'v2', 'v2']);
    });
    expect(load.calls).toBe(2);
    expect(await cache.get('k', load, { seen: '1' })).toBe('v2');
    expect(load.calls).toBe(2);
  });

  it('takes a `seen` transaction that finished before LISTEN as heard, with no notification or probe to wait for', async () => {
    const before = await committedChange();
    cache = await newCache({ seenWaitMs: 15_000 });
    const load = loader(() => 'v');
    await cache.get('k', load);
    await withListenersHeld(async () => {
      expect(await cache.get('k', load, { seen: before })).toBe('v');
    });
    expect(load.calls).toBe(1);
  });

  it('serves a `seen` transaction that notified nothing from the cache once its own probe is heard, emptying nothing', async () => {
    cache = await newCache({ seenWaitMs: 15_000 });
    const load = loader(() => 'v');
    await cache.get('k', load);
    const generation = cache.generation;
    // A transaction that changed nothing a value depends on: its trigger sent no notification.
    const [quiet] = await sql.begin((tx) => tx<{ id: string }[]>`select pg_current_xact_id()::text as id`);
    const [future] = await sql<{ id: string }[]>`select (pg_current_xact_id()::text::numeric + 1000000)::text as id`;
    const started = Date.now();
    const answers = await Promise.all([quiet?.id ?? '', quiet?.id ?? '', future?.id ?? ''].map((seen) => cache.get('k', load, { seen })));
    expect(answers).toEqual(['v', 'v', 'v']);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(load.calls).toBe(1);
    expect(cache.generation).toBe(generation);
  });
});
