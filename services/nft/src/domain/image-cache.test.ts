import { describe, expect, it } from 'vitest';
import { ImageCache } from './image-cache';

const image = (size: number) => ({ contentType: 'image/png', size, bytes: Buffer.alloc(size) });

describe('ImageCache', () => {
  it('keeps the most recently read images within its entry bound', () => {
    const cache = new ImageCache({ maxEntries: 2, maxBytes: 1_000, maxImageBytes: 100 });
    cache.set('a', image(10));
    cache.set('b', image(10));
    cache.get('a');
    cache.set('c', image(10));
    expect([cache.get('a')?.size, cache.get('b'), cache.get('c')?.size]).toEqual([10, undefined, 10]);
  });

  it('holds at most its byte budget, and only the type of an image larger than its per-image bound', () => {
    const cache = new ImageCache({ maxEntries: 100, maxBytes: 250, maxImageBytes: 100 });
    cache.set('large', image(500));
    expect(cache.get('large')).toEqual({ contentType: 'image/png', size: 500, bytes: null });
    cache.set('a', image(100));
    cache.set('b', image(100));
    cache.get('a');
    cache.set('c', image(100));
    // 300 bytes over a budget of 250: the least recently read go (large, holding none, then b).
    expect([cache.get('a')?.bytes?.length, cache.get('b'), cache.get('c')?.bytes?.length, cache.get('large')]).toEqual([100, undefined, 100, undefined]);
  });
});
