import { describe, expect, it } from 'vitest';
import type { ServerEventType } from '@starforge/contracts/shared';
import { LiveResources, liveReadInit, type LiveEventSource, type LiveRead } from './live-resources';

/** An event source the test drives by hand, as the page's stream would. */
const manualSource = () => {
  const handlers = new Map<string, Set<() => void>>();
  const gaps = new Set<() => void>();
  const source: LiveEventSource = {
    subscribe(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    onGap(handler) {
      gaps.add(handler);
      return () => gaps.delete(handler);
    },
  };
  return {
    source,
    emit: (type: ServerEventType) => {
      for (const handler of handlers.get(type) ?? []) handler();
    },
    gap: () => {
      for (const handler of gaps) handler();
    },
    subscribers: () => [...handlers.values()].reduce((n, set) => n + set.size, 0) + gaps.size,
  };
};

/** A loader whose answers the test releases one by one, counting the requests. */
const controlledLoader = () => {
  const pending: { resolve: (value: number) => void; reject: (error: unknown) => void }[] = [];
  const load = () =>
    new Promise<number>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending, requests: () => pending.length };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const events = ['rewards.account_changed'] as const;

describe('LiveResources', () => {
  it('makes one request for every watcher of a key and gives them all the answer', async () => {
    const { source } = manualSource();
    const resources = new LiveResources(source);
    const loader = controlledLoader();
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) resources.watch({ key: 'summary', load: loader.load, events }, () => seen.push(i));
    expect(resources.snapshot('summary').status).toBe('loading');
    await settle();
    expect(loader.requests()).toBe(1);
    loader.pending[0]?.resolve(42);
    await settle();
    expect(resources.snapshot('summary')).toEqual({ status: 'ready', data: 42, error: undefined });
    expect(seen.sort()).toEqual([0, 1, 2]);
  });

  it('reads again once per listed event or gap, not for other events', async () => {
    const stream = manualSource();
    const resources = new LiveResources(stream.source);
    const loader = controlledLoader();
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    loader.pending[0]?.resolve(1);
    await settle();

    stream.emit('rewards.account_changed');
    await settle();
    expect(loader.requests()).toBe(2);
    loader.pending[1]?.resolve(2);
    await settle();

    stream.emit('rewards.withdrawal_completed');
    await settle();
    expect(loader.requests()).toBe(2);

    stream.gap();
    await settle();
    expect(loader.requests()).toBe(3);
    loader.pending[2]?.resolve(3);
    await settle();
    expect(resources.snapshot('summary').data).toBe(3);
  });

  it('an event during a request makes exactly one more request after it, and its answer wins', async () => {
    const stream = manualSource();
    const resources = new LiveResources(stream.source);
    const loader = controlledLoader();
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    stream.emit('rewards.account_changed');
    stream.emit('rewards.account_changed');
    stream.gap();
    await settle();
    expect(loader.requests()).toBe(1);
    loader.pending[0]?.resolve(10); // read before the change committed
    await settle();
    expect(loader.requests()).toBe(2);
    expect(resources.snapshot('summary').data).toBe(10);
    loader.pending[1]?.resolve(11);
    await settle();
    expect(loader.requests()).toBe(2);
    expect(resources.snapshot('summary')).toMatchObject({ status: 'ready', data: 11 });
  });

  it('keeps the last good data when a read fails', async () => {
    const stream = manualSource();
    const resources = new LiveResources(stream.source);
    const loader = controlledLoader();
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    loader.pending[0]?.resolve(5);
    await settle();
    stream.emit('rewards.account_changed');
    await settle();
    const failure = new Error('503');
    loader.pending[1]?.reject(failure);
    await settle();
    expect(resources.snapshot('summary')).toEqual({ status: 'error', data: 5, error: failure });
  });

  it('stops listening when nobody watches, and reads again (showing what it kept) when watched again', async () => {
    const stream = manualSource();
    const resources = new LiveResources(stream.source);
    const loader = controlledLoader();
    const stop = resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    loader.pending[0]?.resolve(7);
    await settle();
    stop();
    expect(stream.subscribers()).toBe(0);
    stream.emit('rewards.account_changed');
    await settle();
    expect(loader.requests()).toBe(1);

    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    expect(resources.snapshot('summary').data).toBe(7);
    await settle();
    expect(loader.requests()).toBe(2);
  });

  it('after clear() forgets the data and drops an answer asked for before it', async () => {
    const { source } = manualSource();
    const resources = new LiveResources(source);
    const loader = controlledLoader();
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    resources.clear();
    loader.pending[0]?.resolve(1); // the previous user's
    await settle();
    expect(resources.snapshot('summary').status).toBe('loading');
    expect(loader.requests()).toBe(2);
    loader.pending[1]?.resolve(2);
    await settle();
    expect(resources.snapshot('summary')).toMatchObject({ status: 'ready', data: 2 });
  });

  it('a loader that throws at once is a failed read, not a crash', async () => {
    const { source } = manualSource();
    const resources = new LiveResources(source);
    resources.watch(
      {
        key: 'broken',
        load: () => {
          throw new Error('no');
        },
        events,
      },
      () => {},
    );
    await settle();
    expect(resources.snapshot('broken')).toMatchObject({ status: 'error', data: undefined });
  });

  it('reads nothing while nobody is signed in (a clear at sign-out, an event, a gap, a refetch), and what is watched when someone is', async () => {
    const stream = manualSource();
    const resources = new LiveResources(stream.source);
    const loader = controlledLoader();
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    loader.pending[0]?.resolve(1);
    await settle();

    // Signed out while the widget is still on screen: its data is forgotten and nothing is sent.
    resources.setReadable(false);
    resources.clear();
    stream.emit('rewards.account_changed');
    stream.gap();
    resources.refetch('summary');
    resources.watch({ key: 'tiers', load: loader.load, events }, () => {});
    await settle();
    expect(loader.requests()).toBe(1);
    expect(resources.snapshot('summary')).toMatchObject({ status: 'loading', data: undefined });

    resources.setReadable(true);
    await settle();
    expect(loader.requests()).toBe(3);
  });

  it('an answer that arrives after the sign-out is dropped and is not followed by another read', async () => {
    const stream = manualSource();
    const resources = new LiveResources(stream.source);
    const loader = controlledLoader();
    resources.watch({ key: 'summary', load: loader.load, events }, () => {});
    await settle();
    stream.emit('rewards.account_changed'); // stale again while the read runs
    resources.setReadable(false);
    resources.clear();
    loader.pending[0]?.resolve(1);
    await settle();
    expect(loader.requests()).toBe(1);
    expect(resources.snapshot('summary').data).toBeUndefined();
  });

  it('marks the read after this tab’s own change fresh, that one only, even when an event coalesces with it or a read is in flight', async () => {
    const { source, emit } = manualSource();
    const resources = new LiveResources(source);
    const reads: boolean[] = [];
    const answers: (() => void)[] = [];
    const load = ({ fresh }: LiveRead) =>
      new Promise<number>((resolve) => {
        reads.push(fresh);
        answers.push(() => resolve(reads.length));
      });
    resources.watch({ key: 'open', load, events }, () => {});
    await settle();
    emit('rewards.account_changed');
    resources.refetch('open', { fresh: true });
    answers.shift()?.();
    await settle();
    answers.shift()?.();
    await settle();
    emit('rewards.account_changed');
    await settle();
    // The first read, then the own change's (the event's trigger folded into it, after the read in flight), then an event's.
    expect(reads).toEqual([false, true, false]);
    expect(liveReadInit({ fresh: true })).toEqual({ method: 'GET', headers: { 'Cache-Control': 'no-cache' } });
    expect(liveReadInit({ fresh: false })).toEqual({ method: 'GET' });
  });
});
