import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ServerEventStream } from '@starforge/host/events/server-event-stream';
import { createSql, publishEvent } from '@starforge/service-kit';
import { signUpAccount } from './lib/accounts';
import type { StackHolder } from './lib/stack';
import { fixed, median, percentile } from './lib/stats';
import { atMost, type BenchResult, type Figure } from './lib/report';

/** Sizes; `BENCH_EVENTS_STREAMS=100 pnpm bench events` for a quick proof that it works. */
const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 1_000);
const EVENTS = Number(process.env.BENCH_EVENTS_COUNT ?? 2_000);
/** Events published per second, spread over every stream's user. */
const RATE = 200;
const PUBLISHERS = 4;
const SIGNUP_CONCURRENCY = 8;

/** Runs `work` for every item, `concurrency` at a time. */
const pool = async <T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as T);
      }
    }),
  );
  return out;
};

/** The resident memory (MiB) of the process listening on the URL's port (Linux: ss + /proc). */
const rssOfListener = (url: string): number | null => {
  try {
    const port = new URL(url).port;
    const line = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(line)?.[1];
    if (!pid) return null;
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
};

const until = async (condition: () => boolean, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
};

/** Whether a stream through `base` goes live (the gateway passes server-sent events through unbuffered). */
const streamsThrough = async (base: string, token: string): Promise<boolean> => {
  const probe = new ServerEventStream({ url: `${base}/api/events/stream`, getToken: async () => token, refreshSession: async () => {} });
  probe.start();
  const live = await until(() => probe.status === 'open', 3_000);
  probe.stop();
  return live;
};

/**
 * Commit-to-client latency of live events with many open streams: STREAMS users each hold one
 * stream (the browser's own client code, packages/host's ServerEventStream, in this process);
 * PUBLISHERS connections publish EVENTS events in committed transactions at RATE/s, each to a
 * random one of those users. Latency runs from the publisher sending COMMIT to the client
 * handing the parsed event to its subscriber. Also the events service's memory with the streams.
 */
export const eventsLatencyBench = async ({ stack }: { stack: StackHolder }): Promise<BenchResult> => {
  const running = await stack.get();
  const gateway = running.ipUrl;
  const direct = running.stack.services.events;
  const notes: string[] = [];

  console.log(`  signing up ${STREAMS} users through the gateway (${SIGNUP_CONCURRENCY} at a time)...`);
  const users = await pool(Array.from({ length: STREAMS }), SIGNUP_CONCURRENCY, () => signUpAccount(gateway, 'events', { first: 'Event', last: 'Bench' }));
  const first = users[0];
  if (!first) throw new Error('no users');
  const viaGateway = await streamsThrough(gateway, first.token);
  const base = viaGateway ? gateway : direct;
  const path = viaGateway ? 'through the gateway' : 'directly to the events service (the gateway did not pass the stream through within 3 s)';
  console.log(`  streams go ${path}`);

  const rssBefore = rssOfListener(direct);
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  const seen = new Set<string>();
  const streams = users.map((user) => {
    const stream = new ServerEventStream({ url: `${base}/api/events/stream`, getToken: async () => user.token, refreshSession: async () => {} });
    stream.subscribe('session.ended', (event) => {
      const at = performance.now();
      if (seen.has(event.id)) duplicates++;
      seen.add(event.id);
      const t0 = sent.get(event.id);
      if (t0 !== undefined) latencies.push(at - t0);
    });
    return stream;
  });
  const openStart = performance.now();
  for (const stream of streams) stream.start();
  const allOpen = await until(() => streams.every((s) => s.status === 'open'), 120_000);
  const openMs = performance.now() - openStart;
  if (!allOpen) notes.push(`Only ${streams.filter((s) => s.status === 'open').length} of ${STREAMS} streams went live within 120 s.`);
  await sleep(1_000);
  const rssWithStreams = rssOfListener(direct);
  console.log(
    `  ${STREAMS} streams live in ${fixed(openMs / 1000, 1)} s; events service RSS ${fixed(rssBefore ?? NaN, 0)} → ${fixed(rssWithStreams ?? NaN, 0)} MiB`,
  );

  console.log(`  publishing ${EVENTS} events at ${RATE}/s from ${PUBLISHERS} connections...`);
  const sql = createSql(running.stack.databaseUrl, { max: PUBLISHERS });
  try {
    const startedAt = performance.now();
    let nextEvent = 0;
    await Promise.all(
      Array.from({ length: PUBLISHERS }, async () => {
        const db = await sql.reserve();
        try {
          for (;;) {
            const n = nextEvent++;
            if (n >= EVENTS) return;
            const due = startedAt + (n * 1000) / RATE;
            const wait = due - performance.now();
            if (wait > 0) await sleep(wait);
            const user = users[Math.floor(Math.random() * users.length)] ?? first;
            await db`begin`;
            const id = await publishEvent(db, { userId: user.userId, type: 'session.ended', data: { sessionId: randomUUID() } });
            sent.set(id, performance.now());
            await db`commit`;
          }
        } finally {
          db.release();
        }
      }),
    );
    await until(() => seen.size >= EVENTS, 10_000);
  } finally {
    for (const stream of streams) stream.stop();
    await sql.end({ timeout: 2 });
  }

  const lost = EVENTS - seen.size;
  const p50 = median(latencies);
  const p99 = percentile(latencies, 99);
  const figures: Figure[] = [
    {
      label: `Commit-to-client latency with ${STREAMS} open streams: p50`,
      value: p50,
      unit: 'ms',
      decimals: 1,
      target: '≤ 20 ms',
      met: atMost(p50, 20),
      note: `${latencies.length} events at ${RATE}/s, streams ${viaGateway ? 'through the gateway' : 'direct'}`,
    },
    {
      label: `Commit-to-client latency with ${STREAMS} open streams: p99`,
      value: p99,
      unit: 'ms',
      decimals: 1,
      target: '≤ 100 ms',
      met: atMost(p99, 100),
      note: `max ${fixed(Math.max(...latencies), 1)} ms`,
    },
    {
      label: 'Events lost or delivered twice',
      value: lost + duplicates,
      unit: '',
      decimals: 0,
      target: '0',
      met: lost + duplicates === 0,
      note: `${lost} lost, ${duplicates} twice`,
    },
    {
      label: `Events service memory (RSS) with ${STREAMS} open streams`,
      value: rssWithStreams,
      unit: 'MiB',
      decimals: 0,
      note: rssBefore === null ? undefined : `${fixed(rssBefore, 0)} MiB before they opened`,
    },
    {
      label: 'Events service memory per open stream (RSS growth / streams)',
      value: rssBefore !== null && rssWithStreams !== null ? ((rssWithStreams - rssBefore) * 1024) / STREAMS : null,
      unit: 'KiB',
      decimals: 1,
    },
    { label: `Time for ${STREAMS} streams to go live (all started at once)`, value: openMs, unit: 'ms', decimals: 0 },
  ];
  notes.push(
    `Streams ${path}. Each of the ${STREAMS} users (real sign-ups) holds one stream read by packages/host's ServerEventStream (fetch + eventsource-parser) in the bench process.`,
    'Latency starts when the publisher sends COMMIT (so it includes the commit itself) and ends when the client hands the parsed event to its subscriber; publisher and clients share one clock.',
    'RSS is read from /proc for the process listening on the events service port (found with ss).',
  );
  return {
    name: 'events',
    title: 'Live events: commit-to-client latency and memory with many open streams',
    command: 'pnpm bench events',
    figures,
    tables: [],
    notes,
  };
};
