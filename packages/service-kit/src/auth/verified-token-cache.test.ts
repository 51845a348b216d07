import { describe, expect, it } from 'vitest';
import { VerifiedTokenCache } from './verified-token-cache';

const user = { id: '6f1d2c1e-1f0a-4b8e-9d3c-2a7b5e4c3d21', email: 'ada@example.com', sessionId: 'b5a0c3de-0000-4000-8000-000000000001' };

describe('VerifiedTokenCache', () => {
  it('answers a verified token until it expires, then forgets it', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t', user, 1_000);
    expect(cache.get('t', 999_999)).toEqual(user);
    expect(cache.get('t', 1_000_000)).toBeUndefined();
    expect(cache.get('t', 0)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('a', user, 9e9);
    cache.set('b', user, 9e9);
    cache.set('c', user, 9e9);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(user);
    expect(cache.get('c')).toEqual(user);
  });
});
