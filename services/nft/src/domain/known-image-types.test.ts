import { describe, expect, it } from 'vitest';
import { KnownImageTypes } from './known-image-types';

describe('KnownImageTypes', () => {
  it('remembers types up to its bound, dropping the oldest first', () => {
    const known = new KnownImageTypes(2);
    known.set('a', 'image/png');
    known.set('b', 'image/gif');
    known.set('a', 'image/png');
    known.set('c', 'image/webp');
    expect([known.get('a'), known.get('b'), known.get('c')]).toEqual([undefined, 'image/gif', 'image/webp']);
  });
});
