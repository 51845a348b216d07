import { describe, expect, it } from 'vitest';
import { LiveResources, type LiveEventSource } from './live-resources';
import { seenUrl } from './use-seen-transaction';

describe('seenUrl', () => {
  it('adds the heard transaction id to the read, and nothing before one was heard', () => {
    expect(seenUrl('/api/marketplace/listings?q=a&page=1', { current: null })).toBe('/api/marketplace/listings?q=a&page=1');
    expect(seenUrl('/api/marketplace/listings?q=a&page=1', { current: '4711' })).toBe('/api/marketplace/listings?q=a&page=1&seen=4711');
    expect(seenUrl('/api/x', { current: '9' })).toBe('/api/x?seen=9');
  });

  it('is read by the refetch an event causes after every handler of that event ran, whichever subscribed first', async () => {
    const handlers: (() => void)[] = [];
    const source: LiveEventSource = {
      subscribe: (_type, handler) => {
        handlers.push(handler);
        return () => {};
      },
      onGap: () => () => {},
    };
    const seen = { current: null as string | null };
    const asked: string[] = [];
    const resources = new LiveResources(source);
    const load = async () => {
      asked.push(seenUrl('/api/marketplace/listings?q=a&page=1', seen));
      return asked.length;
    };
    resources.watch({ key: 'listings', load, events: ['marketplace.listing_changed'] }, () => {});
    // useSeenTransaction's handler, subscribed after the resource's (a later effect).
    let eventId = '';
    handlers.push(() => {
      seen.current = eventId;
    });
    await Promise.resolve();
    eventId = '4711';
    for (const handler of handlers) handler();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['/api/marketplace/listings?q=a&page=1', '/api/marketplace/listings?q=a&page=1&seen=4711']);
  });
});
