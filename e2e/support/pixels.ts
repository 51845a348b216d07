import type { Page } from '@playwright/test';

/** The share of an image's light pixels (luminance above 2/3) in each band of rows, `[from, to)` in image pixels. */
export const lightShares = async (page: Page, png: Buffer, bands: readonly (readonly [number, number])[]): Promise<number[]> => {
  // Decoded by Chromium itself in a blank page of the same context: no image library needed.
  const probe = await page.context().newPage();
  try {
    return await probe.evaluate(
      async ({ data, rows }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(image, 0, 0);
        return rows.map(([from, to]) => {
          const top = Math.min(from, image.height - 1);
          const pixels = ctx.getImageData(0, top, image.width, Math.max(1, Math.min(to, image.height) - top)).data;
          let light = 0;
          for (let i = 0; i < pixels.length; i += 4) {
            if (0.2126 * (pixels[i] ?? 0) + 0.7152 * (pixels[i + 1] ?? 0) + 0.0722 * (pixels[i + 2] ?? 0) > 170) light++;
          }
          return light / (pixels.length / 4);
        });
      },
      { data: png.toString('base64'), rows: bands.map(([from, to]) => [from, to] as [number, number]) },
    );
  } finally {
    await probe.close();
  }
};
