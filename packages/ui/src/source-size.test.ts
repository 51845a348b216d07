import { describe, expect, it } from 'vitest';
import { sourceSize } from './source-size';

describe('sourceSize', () => {
  it('counts UTF-8 bytes as the API does', () => {
    expect(sourceSize('abc')).toEqual({ bytes: 3, text: '3 bytes', tooLarge: false });
    expect(sourceSize('é').bytes).toBe(2);
    expect(sourceSize('x'.repeat(2048)).text).toBe('2.0 KiB');
  });

  it('says when the source is over 64 KiB', () => {
    expect(sourceSize('x'.repeat(64 * 1024)).tooLarge).toBe(false);
    expect(sourceSize('x'.repeat(64 * 1024 + 1)).tooLarge).toBe(true);
  });
});
