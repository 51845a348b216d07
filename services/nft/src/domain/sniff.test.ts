import { describe, expect, it } from 'vitest';
import { IMAGES } from '../testing/images';
import { sniffImageType } from './sniff';

describe('sniffImageType', () => {
  it('knows PNG, JPEG, GIF87a, GIF89a and WebP by their first bytes', () => {
    for (const [type, bytes] of Object.entries(IMAGES)) expect(sniffImageType(bytes), type).toBe(type);
    expect(sniffImageType(Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'))).toBe('image/gif');
  });

  it('is not fooled by a name, text, SVG, another RIFF file or a signature cut short', () => {
    for (const bytes of [
      Buffer.from('hello, I am image.png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<?xml version="1.0"?><svg/>'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from('GIF88a', 'latin1'),
      IMAGES['image/png'].subarray(0, 7),
      IMAGES['image/webp'].subarray(0, 11),
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageType(bytes), bytes.toString('latin1')).toBeNull();
    }
  });
});
