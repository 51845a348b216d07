import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@starforge/contracts/nft';
import sharp from 'sharp';
import { IMAGES } from '../testing/images';
import { makeImageSizes, UndecodableImage } from './image-sizes';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#7c3aed' } });
const limits = { maxPixels: IMAGE_MAX_PIXELS, maxSide: IMAGE_MAX_SIDE };

/** Three 100 × 100 frames, red, green and blue. */
const animatedGif = async () => {
  const frames = await Promise.all(
    ['red', 'green', 'blue'].map((background) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), { raw: { width: 100, height: 300, channels: 3, pageHeight: 100 } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
};

describe('makeImageSizes', () => {
  it('makes a 512 px square for the grid and a detail size of at most 1280 px, both WebP', async () => {
    const sizes = await makeImageSizes(await solid(2000, 1000).png().toBuffer(), 'image/png');
    expect(await sharp(sizes.grid).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(await sharp(sizes.detail).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 640 });
  });

  it('never enlarges a small image', async () => {
    for (const type of Object.keys(IMAGES) as (keyof typeof IMAGES)[]) {
      const sizes = await makeImageSizes(IMAGES[type], type);
      for (const bytes of [sizes.grid, sizes.detail]) expect(await sharp(bytes).metadata(), type).toMatchObject({ format: 'webp', width: 1, height: 1 });
    }
  });

  it('strips EXIF (GPS too), XMP and the ICC profile, after turning the picture upright by its orientation', async () => {
    const secret = `secret-${randomBytes(6).toString('hex')}`;
    const photo = await solid(40, 20)
      .withExif({ IFD0: { Copyright: secret, Artist: secret }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' } })
      .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${secret}</rdf:RDF></x:xmpmeta>`)
      .withIccProfile('p3')
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([Boolean(before.exif), Boolean(before.xmp), Boolean(before.icc), before.orientation, photo.includes(secret)]).toEqual([true, true, true, 6, true]);
    const sizes = await makeImageSizes(photo, 'image/jpeg');
    for (const bytes of [sizes.grid, sizes.detail]) {
      const after = await sharp(bytes).metadata();
      expect([after.exif, after.xmp, after.icc, after.iptc, after.orientation, bytes.includes(secret)]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        false,
      ]);
    }
    // Orientation 6 is a quarter turn: the 40 × 20 pixels stand 20 wide and 40 tall.
    expect(await sharp(sizes.detail).metadata()).toMatchObject({ width: 20, height: 40 });
  });

  it('keeps an animation animated', async () => {
    const sizes = await makeImageSizes(await animatedGif(), 'image/gif');
    expect(await sharp(sizes.detail, { animated: true }).metadata()).toMatchObject({ format: 'webp', pages: 3, width: 100, pageHeight: 100 });
  });

  it('refuses more pixels than the limit (every frame counted) and more than the longest side, from the header', async () => {
    const square = await solid(100, 100).png().toBuffer();
    await expect(makeImageSizes(square, 'image/png', { ...limits, maxPixels: 9_999 })).rejects.toBeInstanceOf(UndecodableImage);
    await expect(makeImageSizes(square, 'image/png', { ...limits, maxPixels: 10_000 })).resolves.toBeDefined();
    await expect(makeImageSizes(await animatedGif(), 'image/gif', { ...limits, maxPixels: 29_999 })).rejects.toBeInstanceOf(UndecodableImage);
    await expect(makeImageSizes(square, 'image/png', { ...limits, maxSide: 99 })).rejects.toBeInstanceOf(UndecodableImage);
    // The real limits: one pixel past the side, on a strip of few pixels.
    await expect(
      makeImageSizes(
        await solid(IMAGE_MAX_SIDE + 1, 1)
          .png()
          .toBuffer(),
        'image/png',
      ),
    ).rejects.toBeInstanceOf(UndecodableImage);
    await expect(makeImageSizes(await solid(IMAGE_MAX_SIDE, 1).png().toBuffer(), 'image/png')).resolves.toBeDefined();
  });

  it('refuses bytes whose header is another type than the one they were sniffed as', async () => {
    await expect(makeImageSizes(IMAGES['image/png'], 'image/gif')).rejects.toBeInstanceOf(UndecodableImage);
    await expect(makeImageSizes(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'image/png')).rejects.toBeInstanceOf(
      UndecodableImage,
    );
  });

  it('refuses a PNG cut short in its pixel data', async () => {
    const whole = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    await expect(makeImageSizes(whole.subarray(0, Math.floor(whole.length / 2)), 'image/png')).rejects.toBeInstanceOf(UndecodableImage);
  });

  it('decodes a 10 MiB upload off the event loop: no timer waits long while it runs', async () => {
    // Noise does not compress: about 10 MiB of PNG, the most the upload takes, and the slowest to decode and encode.
    const side = Math.floor(Math.sqrt((IMAGE_MAX_BYTES * 0.99) / 3));
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    // A timer set just before the work runs while the work is still going only if the work leaves the loop free.
    const timerFiredBeforeDone = new Promise<boolean>((resolve) => setTimeout(() => resolve(!done), 0));
    const started = performance.now();
    await makeImageSizes(noise, 'image/png');
    done = true;
    const took = performance.now() - started;
    delay.disable();
    expect(await timerFiredBeforeDone).toBe(true);
    // Relative, not a wall-clock figure: the loop never waits for more than half of the work.
    expect(delay.max / 1e6).toBeLessThan(took / 2);
  }, 60_000);
});
