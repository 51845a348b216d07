import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import type { BrowserHolder } from './lib/browser';
import type { BenchResult, Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { fixed, median } from './lib/stats';

/**
 * The collection page (/nfts) with 24 cards whose uploads are 5 MB photos: what the browser
 * loads and when its largest paint happens, with the cards loading the upload as sent (before
 * issue 26) and the 512 px grid size the service now makes (after).
 */
const CARDS = 24;
/** A 12-megapixel photo-like JPEG (graded colour under film-grain noise) of about this size. */
const PHOTO = { width: 4000, height: 3000, quality: 93 };
const SAMPLES = 3;
const VIEWPORT = { width: 1280, height: 800 };
/** Loopback as it is, and a home broadband line (Chrome's own throttling in the browser). */
const NETWORKS = {
  loopback: null,
  'broadband (50 Mbit/s, 20 ms RTT)': { latency: 20, downloadThroughput: (50 * 1e6) / 8, uploadThroughput: (10 * 1e6) / 8 },
} as const;
type Network = keyof typeof NETWORKS;
type Mode = 'before' | 'after';

/** One photo, then a copy per card with a JPEG comment of its own: the same pixels, bytes (and so a key) of its own. */
const photos = async (): Promise<Buffer[]> => {
  const { width, height } = PHOTO;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(0.6)
    .raw()
    .toBuffer();
  const photo = await sharp(grain, { raw: { width, height, channels: 3 } })
    .tint({ r: 90, g: 130, b: 200 })
    .jpeg({ quality: PHOTO.quality })
    .toBuffer();
  return Array.from({ length: CARDS }, () => {
    const comment = Buffer.from(`card ${randomUUID()}`);
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    return Buffer.concat([photo.subarray(0, 2), segment, photo.subarray(2)]);
  });
};

const mint = async (base: string, account: BenchAccount, bytes: Buffer, index: number): Promise<string> => {
  const headers = { authorization: `Bearer ${account.token}` };
  const stored = await fetch(`${base}/api/nft/images`, { method: 'POST', headers: { ...headers, 'content-type': 'image/jpeg' }, body: new Uint8Array(bytes) });
  const image = ((await stored.json()) as { image?: { key: string } }).image;
  if (stored.status !== 201 || !image) throw new Error(`upload answered ${stored.status}`);
  const minted = await fetch(`${base}/api/nft/mints`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      name: `Photo ${index + 1}`,
      description: 'A 5 MB photo on a card.',
      category: 'Photography',
      image_key: image.key,
      creator_royalty: 5,
    }),
  });
  if (minted.status !== 201) throw new Error(`mint answered ${minted.status}: ${await minted.text()}`);
  return image.key;
};

/** Serves each upload as sent under its key, as the service did before issue 26 (same headers). */
const originalsServer = async (byKey: Map<string, Buffer>): Promise<{ origin: string; server: Server }> => {
  const server = createServer((req, res) => {
    const bytes = byKey.get((req.url ?? '').slice(1));
    if (!bytes) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': 'image/jpeg',
      'content-length': bytes.length,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

interface Visit {
  lcpMs: number;
  lcpElement: string;
  /** Image bytes received before the first view was complete (the cards in the viewport loaded). */
  firstViewBytes: number;
  firstViewImages: number;
  /** After scrolling through all 24 cards until every image loaded. */
  allBytes: number;
  allLoadedMs: number;
}

const imagesInView = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid="nft-card"] img')].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    }),
  );

/** Image bytes the page received (CDP's encoded lengths: body and headers as they crossed the network). */
const visit = async (browser: Browser, baseUrl: string, account: BenchAccount, mode: Mode, network: Network, originals: string): Promise<Visit> => {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const conditions = NETWORKS[network];
    if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
    const imageRequests = new Set<string>();
    let imageBytes = 0;
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
      if (e.request.url.includes('/api/nft/images/')) imageRequests.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (imageRequests.has(e.requestId)) imageBytes += e.encodedDataLength;
    });
    // Both modes pass through the same interception; before, a card's grid request fetches the upload as sent.
    await page.route('**/api/nft/images/**', (route) => {
      const key = /\/api\/nft\/images\/([0-9a-f]{64})/.exec(route.request().url())?.[1];
      return mode === 'before' && key ? route.continue({ url: `${originals}/${key}` }) : route.continue();
    });
    const signIn = await page.request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);

    await page.goto('/nfts', { waitUntil: 'load', timeout: 120_000 });
    await page
      .locator('[data-testid="nft-card"]')
      .nth(CARDS - 1)
      .waitFor({ timeout: 60_000 });
    // The first view is complete when every card image in the viewport has loaded.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="nft-card"] img')]
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight;
          })
          .every((img) => img.complete && img.naturalWidth > 0),
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    // Loaded is not painted: a 12-megapixel JPEG still has to be decoded. LCP is read once every image in view is decoded and a frame has passed.
    await page.evaluate(async () => {
      const inView = [...document.querySelectorAll<HTMLImageElement>('[data-testid="nft-card"] img')].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      });
      await Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await page.waitForTimeout(500);
    const firstViewImages = (await imagesInView(page)).length;
    const firstViewBytes = imageBytes;
    const lcp = await page.evaluate(
      () =>
        new Promise<{ time: number; tag: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
            resolve({ time: last?.startTime ?? Number.NaN, tag: last?.element ? last.element.tagName.toLowerCase() : '—' });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    // Then down through every card, as a person scrolls, until all 24 images have loaded.
    for (let y = 0; y < 20; y++) {
      await page.mouse.wheel(0, VIEWPORT.height * 0.8);
      await page.waitForTimeout(100);
    }
    await page.waitForFunction(
      () => [...document.querySelectorAll<HTMLImageElement>('[data-testid="nft-card"] img')].every((img) => img.complete && img.naturalWidth > 0),
      undefined,
      {
        timeout: 180_000,
        polling: 50,
      },
    );
    const allLoadedMs = await page.evaluate(() =>
      Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/nft/images/') || /127\.0\.0\.1:\d+\/[0-9a-f]{64}$/.test(e.name))
          .map((e) => (e as PerformanceResourceTiming).responseEnd),
      ),
    );
    await page.waitForTimeout(300);
    return { lcpMs: lcp.time, lcpElement: lcp.tag, firstViewBytes, firstViewImages, allBytes: imageBytes, allLoadedMs };
  } finally {
    await context.close();
  }
};

const mib = (bytes: number) => bytes / (1024 * 1024);
const kibOf = (bytes: number) => bytes / 1024;

export const nftImagesBench = async ({ stack, browser }: { stack: StackHolder; browser: BrowserHolder }): Promise<BenchResult> => {
  const { url, ipUrl } = await stack.get({ frontends: true });
  console.log(`  making ${CARDS} photos of ${PHOTO.width}×${PHOTO.height} (JPEG q${PHOTO.quality})...`);
  const uploads = await photos();
  const account = await signUpAccount(ipUrl, 'images', { first: 'Photo', last: 'Grapher' });
  const byKey = new Map<string, Buffer>();
  const uploadMs: number[] = [];
  for (const [i, bytes] of uploads.entries()) {
    const started = performance.now();
    byKey.set(await mint(ipUrl, account, bytes, i), bytes);
    uploadMs.push(performance.now() - started);
  }
  const sizes = await Promise.all(
    [...byKey.keys()]
      .slice(0, 1)
      .flatMap((key) => ['grid', 'detail'].map(async (size) => (await (await fetch(`${ipUrl}/api/nft/images/${key}/${size}`)).arrayBuffer()).byteLength)),
  );
  const originals = await originalsServer(byKey);
  const runs = new Map<string, Visit[]>();
  try {
    const chromium = await browser.get();
    for (const network of Object.keys(NETWORKS) as Network[]) {
      for (const mode of ['before', 'after'] as const) {
        // One warm-up visit (not counted): the remotes' code and the page's data are then as a returning visitor's, the images never cached.
        await visit(chromium, url, account, mode, network, originals.origin);
        const visits: Visit[] = [];
        for (let i = 0; i < SAMPLES; i++) visits.push(await visit(chromium, url, account, mode, network, originals.origin));
        runs.set(`${network}|${mode}`, visits);
        console.log(
          `  ${network}, ${mode}: LCP ${visits.map((v) => fixed(v.lcpMs, 0)).join(' / ')} ms, first view ${fixed(mib(visits[0]?.firstViewBytes ?? 0), 2)} MB`,
        );
      }
    }
  } finally {
    await new Promise<void>((resolve) => originals.server.close(() => resolve()));
  }

  const med = (network: Network, mode: Mode, pick: (v: Visit) => number) => median((runs.get(`${network}|${mode}`) ?? []).map(pick));
  const figures: Figure[] = [];
  for (const network of Object.keys(NETWORKS) as Network[]) {
    for (const mode of ['before', 'after'] as const) {
      const label = `${network}, ${mode === 'before' ? 'before (cards load the 5 MB upload)' : 'after (cards load the grid size)'}`;
      figures.push(
        { label: `${label}: LCP, median`, value: med(network, mode, (v) => v.lcpMs), unit: 'ms', decimals: 0 },
        { label: `${label}: image bytes of the first view, median`, value: mib(med(network, mode, (v) => v.firstViewBytes)), unit: 'MB', decimals: 2 },
        { label: `${label}: image bytes of all ${CARDS} cards, median`, value: mib(med(network, mode, (v) => v.allBytes)), unit: 'MB', decimals: 2 },
        { label: `${label}: all ${CARDS} images loaded (after scrolling), median`, value: med(network, mode, (v) => v.allLoadedMs), unit: 'ms', decimals: 0 },
      );
    }
  }
  const original = uploads[0]?.length ?? 0;
  return {
    name: 'images',
    title: `NFT images: the collection page with ${CARDS} cards of 5 MB uploads, before and after the grid size (Chromium)`,
    command: '',
    figures,
    tables: [
      {
        title: 'Every visit (LCP ms / its element; first-view image MB over how many cards; all-cards MB; all loaded ms)',
        head: ['network', 'cards load', ...Array.from({ length: SAMPLES }, (_, i) => `visit ${i + 1}`)],
        rows: [...runs.entries()].map(([k, visits]) => {
          const [network, mode] = k.split('|');
          return [
            network ?? '',
            mode === 'before' ? 'the upload' : 'the grid size',
            ...visits.map(
              (v) =>
                `${fixed(v.lcpMs, 0)} (${v.lcpElement}); ${fixed(mib(v.firstViewBytes), 2)} MB / ${v.firstViewImages}; ${fixed(mib(v.allBytes), 2)} MB; ${fixed(v.allLoadedMs, 0)}`,
            ),
          ];
        }),
      },
      {
        title: 'One upload and what the service made of it',
        head: ['upload (JPEG)', 'grid (512 px square, WebP)', 'detail (1280 px, WebP)', 'upload → stored, median of 24 (decode, two sizes, store)'],
        rows: [
          [`${fixed(mib(original), 2)} MB`, `${fixed(kibOf(sizes[0] ?? 0), 1)} KB`, `${fixed(kibOf(sizes[1] ?? 0), 1)} KB`, `${fixed(median(uploadMs), 0)} ms`],
        ],
      },
    ],
    notes: [
      `${CARDS} NFTs of one account, each minted from a ${PHOTO.width}×${PHOTO.height} photo-like JPEG (graded colour under film-grain noise, quality ${PHOTO.quality}) of about 5 MB, each with bytes of its own (a JPEG comment), so every card is its own image and its own request.`,
      `"Before" is the page as it was before issue 26: each card's image request is sent by Chromium to a loopback server of the benchmark's own that answers with the upload as sent and the service's old headers (Playwright's route.continue with another URL); "after" is the service's own grid size. Both modes pass through the same interception, and each visit is a fresh browser context (empty cache) at ${VIEWPORT.width}×${VIEWPORT.height}, after one uncounted warm-up visit of each kind.`,
      'The cards load lazily (loading="lazy"), but Chromium fetches lazy images within a margin of the viewport, so the first view fetches more cards than the 8 it shows. The first view is complete when every card image in the viewport has loaded and decoded and two frames have passed; LCP (its time and element) is read then, before any scroll. Then the page is scrolled through with the mouse wheel until all 24 images have loaded ("all loaded" is the last image response\'s end since navigation start).',
      "Image bytes are what crossed the network for image requests (CDP encodedDataLength: headers and body). The broadband line is Chrome's own network throttling (50 Mbit/s down, 20 ms added round trip).",
      'A noise PNG is the worst case for the grid size: a 5 MB one (1,290 px of random pixels) made a 91 KB grid square and a 1 MB detail size in a check beside this run, against a few tens of KB for a photo.',
      "The machine is shared with other sessions' work (builds, tests); see the conditions line, and compare timings with a quieter run.",
    ],
  };
};
