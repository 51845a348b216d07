import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ServerEventStream } from '@starforge/host/events/server-event-stream';
import { createSql, type Db, publishEvent, publishPublicEvent, type Sql } from '@starforge/service-kit';
import { signUpAccount } from './lib/accounts';
import { pool } from './lib/pool';
import { cpuMsOf, pidOfListener, rssOf } from './lib/process';
import type { StackHolder } from './lib/stack';
import { fixed, median, percentile } from './lib/stats';
import { atMost, type BenchResult, type Figure } from './lib/report';

/** Sizes; `BENCH_EVENTS_STREAMS=100 pnpm bench events` for a quick proof that it works. */
const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 1_000);
const EVENTS = Number(process.env.BENCH_EVENTS_COUNT ?? 2_000);
/** Events published per second, spread over every stream's user. */
const RATE = 200;
const PUBLISHERS = 4;
/** Public events (every stream receives each): `BENCH_EVENTS_PUBLIC=20` for a quick run. */
const PUBLIC_EVENTS = Number(process.env.BENCH_EVENTS_PUBLIC ?? 100);
/** Public events per second: each is STREAMS deliveries. */
const PUBLIC_RATE = 10;
/** `BENCH_EVENTS_DIRECT=1`: streams skip the gateway, to see what its hop costs. */
const DIRECT = process.env.BENCH_EVENTS_DIRECT === '1';
const SIGNUP_CONCURRENCY = 8;

/**
 * Publishes `count` events at `rate` per second from PUBLISHERS connections, each in its own
 * transaction, and records when COMMIT was sent for each event id.
 */
const publishAtRate = async (sql: Sql, count: number, rate: number, publish: (db: Db) => Promise<string>, sent: Map<string, number>) => {
  const startedAt = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      const db = await sql.reserve();
      try {
        for (;;) {
          const n = next++;
          if (n >= count) return;
          const wait = startedAt + (n * 1000) / rate - performance.now();
          if (wait > 0) await sleep(wait);
          await db`begin`;
          const id = await publish(db);
          sent.set(id, performance.now());
          await db`commit`;
        }
      } finally {
        db.release();
      }
    }),
  );
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
 * random one of those users, then PUBLIC_EVENTS public events at PUBLIC_RATE/s, each to every
 * stream. Latency runs from the publisher sending COMMIT to the client handing the parsed event
 * to its subscriber (for a public event, at each stream). Also the events service's memory with
 * the streams.
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
  const viaGateway = !DIRECT && (await streamsThrough(gateway, first.token));
  const base = viaGateway ? gateway : direct;
  const path = viaGateway
    ? 'through the gateway'
    : DIRECT
      ? 'directly to the events service (BENCH_EVENTS_DIRECT=1)'
      : 'directly to the events service (the gateway did not pass the stream through within 3 s)';
  console.log(`  streams go ${path}`);

  const eventsPid = pidOfListener(direct);
  const rssBefore = rssOf(eventsPid);
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  const seen = new Set<string>();
  // Public events: every stream receives each one, so latency is per delivery.
  const publicSent = new Map<string, number>();
  const publicLatencies: number[] = [];
  let publicDuplicates = 0;
  let publicDelivered = 0;
  /** Per public event id: when the first and the last stream received it. */
  const publicArrivals = new Map<string, { first: number; last: number }>();
  const streams = users.map((user) => {
    const stream = new ServerEventStream({ url: `${base}/api/events/stream`, getToken: async () => user.token, refreshSession: async () => {} });
    stream.subscribe('session.ended', (event) => {
      const at = performance.now();
      if (seen.has(event.id)) duplicates++;
      seen.add(event.id);
      const t0 = sent.get(event.id);
      if (t0 !== undefined) latencies.push(at - t0);
    });
    const publicSeen = new Set<string>();
    stream.subscribe('marketplace.listing_changed', (event) => {
      const at = performance.now();
      const t0 = publicSent.get(event.id);
      if (t0 === undefined) return;
      if (publicSeen.has(event.id)) publicDuplicates++;
      else publicDelivered++;
      publicSeen.add(event.id);
      publicLatencies.push(at - t0);
      const arrivals = publicArrivals.get(event.id);
      if (arrivals) arrivals.last = at;
      else publicArrivals.set(event.id, { first: at, last: at });
    });
    return stream;
  });
  const openStart = performance.now();
  for (const stream of streams) stream.start();
  const allOpen = await until(() => streams.every((s) => s.status === 'open'), 120_000);
  const openMs = performance.now() - openStart;
  if (!allOpen) notes.push(`Only ${streams.filter((s) => s.status === 'open').length} of ${STREAMS} streams went live within 120 s.`);
  await sleep(1_000);
  const rssWithStreams = rssOf(eventsPid);
  console.log(
    `  ${STREAMS} streams live in ${fixed(openMs / 1000, 1)} s; events service RSS ${fixed(rssBefore ?? NaN, 0)} → ${fixed(rssWithStreams ?? NaN, 0)} MiB`,
  );

  const sql = createSql(running.stack.databaseUrl, { max: PUBLISHERS });
  let cpuBefore: number | null = null;
  let cpuAfter: number | null = null;
  try {
    console.log(`  publishing ${EVENTS} user events at ${RATE}/s from ${PUBLISHERS} connections...`);
    await publishAtRate(
      sql,
      EVENTS,
      RATE,
      (db) => {
        const user = users[Math.floor(Math.random() * users.length)] ?? first;
        return publishEvent(db, { userId: user.userId, type: 'session.ended', data: { sessionId: randomUUID() } });
      },
      sent,
    );
    await until(() => seen.size >= EVENTS, 10_000);
    console.log(`  publishing ${PUBLIC_EVENTS} public events at ${PUBLIC_RATE}/s, each to all ${STREAMS} streams...`);
    cpuBefore = cpuMsOf(eventsPid);
    await publishAtRate(
      sql,
      PUBLIC_EVENTS,
      PUBLIC_RATE,
      (db) => publishPublicEvent(db, { type: 'marketplace.listing_changed', data: { listingId: randomUUID(), nftId: randomUUID(), status: 'sold' } }),
      publicSent,
    );
    await until(() => publicDelivered >= PUBLIC_EVENTS * STREAMS, 10_000);
    cpuAfter = cpuMsOf(eventsPid);
  } finally {
    for (const stream of streams) stream.stop();
    await sql.end({ timeout: 2 });
  }

  const lost = EVENTS - seen.size;
  const p50 = median(latencies);
  const p99 = percentile(latencies, 99);
  const publicLost = PUBLIC_EVENTS * STREAMS - publicDelivered;
  const publicP50 = median(publicLatencies);
  const publicP99 = percentile(publicLatencies, 99);
  const fanOut = [...publicArrivals.values()].map((a) => a.last - a.first);
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
      label: `Public events, commit-to-client latency over ${STREAMS} open streams: p50`,
      value: publicP50,
      unit: 'ms',
      decimals: 1,
      target: '≤ 20 ms',
      met: atMost(publicP50, 20),
      note: `${PUBLIC_EVENTS} public events at ${PUBLIC_RATE}/s, each to every stream: ${publicLatencies.length} deliveries`,
    },
    {
      label: `Public events, commit-to-client latency over ${STREAMS} open streams: p99`,
      value: publicP99,
      unit: 'ms',
      decimals: 1,
      target: '≤ 100 ms',
      met: atMost(publicP99, 100),
      note: `max ${fixed(Math.max(...publicLatencies), 1)} ms`,
    },
    {
      label: `Public events, first to last of the ${STREAMS} streams receiving one: median`,
      value: median(fanOut),
      unit: 'ms',
      decimals: 1,
      note: `max ${fixed(Math.max(...fanOut), 1)} ms; the fan-out (events service, gateway and this process parsing every copy)`,
    },
    {
      label: `Events service CPU per public event to ${STREAMS} streams`,
      value: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / PUBLIC_EVENTS : null,
      unit: 'ms',
      decimals: 2,
      note: 'its user + system time during the public phase (10 ms ticks) over the events published: the fan-out, heartbeats aside',
    },
    {
      label: 'Public event deliveries lost or delivered twice',
      value: publicLost + publicDuplicates,
      unit: '',
      decimals: 0,
      target: '0',
      met: publicLost + publicDuplicates === 0,
      note: `${publicLost} lost, ${publicDuplicates} twice`,
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
    `User events first (each to one random user's stream), then public events (publishPublicEvent, each to all ${STREAMS} streams, fanned out in memory by the events service from its one LISTEN); a public event's latency is measured at every stream, so its last deliveries include the bench process parsing the ${STREAMS} copies.`,
    'RSS and CPU time are read from /proc for the process listening on the events service port (found with ss).',
  );
  return {
    name: 'events',
    title: 'Live events: commit-to-client latency (user and public events) and memory with many open streams',
    command: 'pnpm bench events',
    figures,
    tables: [],
    notes,
  };
};
