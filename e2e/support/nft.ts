import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { nftListingSchema, type Listing } from '@starforge/contracts/marketplace';
import { imageUploadedSchema, nftAnswerSchema, nftsSchema, type MintNftRequest, type Nft } from '@starforge/contracts/nft';
import type { TestAccount } from './accounts';

/** A real 1x1 PNG: the server types an upload by its magic numbers, not by its name or declared type. */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPojvkGAANTAd5l+BR8AAAAAElFTkSuQmCC', 'base64');

/** A real PNG of `side` × `side` random pixels, encoded by the page's canvas (noise does not compress: about 4 bytes a pixel). */
export const noisePng = async (page: Page, side: number): Promise<Buffer> =>
  Buffer.from(
    await page.evaluate((s) => {
      const canvas = document.createElement('canvas');
      canvas.width = s;
      canvas.height = s;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const pixels = context.createImageData(s, s);
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
    }, side),
    'base64',
  );

/**
 * The nft and marketplace APIs as a second device of the same account uses them: its own session,
 * so the page's session and refresh cookie are left alone. Answers are read with the contract's
 * schemas, so a service that drifts from them fails here.
 */
export class NftApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount): Promise<NftApi> {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(response.status(), await response.text()).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return new NftApi(request, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Uploads the tiny PNG (or `png`), mints with it, and waits for the server's job to complete the mint (about 4 s). */
  async mintCompleted(details: Omit<MintNftRequest, 'image_key'>, png: Buffer = tinyPng): Promise<Nft> {
    const [nft] = await this.mintManyCompleted(1, details, png);
    if (!nft) throw new Error('no NFT was minted');
    return nft;
  }

  /** Uploads the tiny PNG (or `png`) once and mints `count` NFTs with it at once; waits for the server to complete them all. */
  async mintManyCompleted(count: number, details: Omit<MintNftRequest, 'image_key'>, png: Buffer = tinyPng): Promise<Nft[]> {
    const upload = await this.request.post('/api/nft/images', { headers: { ...this.headers, 'content-type': 'image/png' }, data: png });
    expect(upload.status(), await upload.text()).toBe(201);
    const { image } = imageUploadedSchema.parse(await upload.json());
    const ids = await Promise.all(
      Array.from({ length: count }, async () => {
        const mint = await this.request.post('/api/nft/mints', {
          headers: { ...this.headers, 'idempotency-key': randomUUID() },
          data: { ...details, image_key: image.key },
        });
        expect(mint.status(), await mint.text()).toBe(201);
        return nftAnswerSchema.parse(await mint.json()).nft.id;
      }),
    );
    await expect
      .poll(async () => (await this.nfts()).filter((n) => ids.includes(n.id) && n.status === 'completed').length, { timeout: 10_000, intervals: [500] })
      .toBe(count);
    return Promise.all(ids.map((id) => this.nft(id)));
  }

  async nft(id: string): Promise<Nft> {
    const response = await this.request.get(`/api/nft/nfts/${id}`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return nftAnswerSchema.parse(await response.json()).nft;
  }

  async nfts(): Promise<Nft[]> {
    const response = await this.request.get('/api/nft/nfts', { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return nftsSchema.parse(await response.json()).nfts;
  }

  async listing(nftId: string): Promise<Listing | null> {
    const response = await this.request.get(`/api/marketplace/nfts/${nftId}/listing`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return nftListingSchema.parse(await response.json()).listing;
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}

/** The dashboard's minting wizard, as a person uses it. */
export class MintingWizard {
  readonly root: Locator;
  readonly stepTitle: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly counter: Locator;
  readonly category: Locator;
  readonly tagInput: Locator;
  readonly addTag: Locator;
  readonly tags: Locator;
  readonly continue: Locator;
  readonly image: Locator;
  readonly preview: Locator;
  readonly limited: Locator;
  readonly editionSize: Locator;
  readonly royalty: Locator;
  readonly back: Locator;
  readonly mint: Locator;
  readonly mintAnother: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-slot="nft-minting-wizard"]');
    this.stepTitle = this.root.locator('.nft-wizard-step-title');
    this.name = this.root.getByLabel('Name', { exact: true });
    this.description = this.root.getByLabel('Description', { exact: true });
    this.counter = this.root.getByTestId('description-counter');
    this.category = this.root.getByLabel('Category', { exact: true });
    this.tagInput = this.root.getByLabel('Tags (optional)', { exact: true });
    this.addTag = this.root.getByRole('button', { name: 'Add', exact: true });
    this.tags = this.root.locator('.nft-tag > span');
    this.continue = this.root.getByRole('button', { name: 'Continue' });
    this.image = this.root.getByLabel('Image', { exact: true });
    this.preview = this.root.getByTestId('nft-image-preview');
    this.limited = this.root.getByLabel('Limited edition', { exact: true });
    this.editionSize = this.root.getByLabel('Edition size', { exact: true });
    this.royalty = this.root.getByLabel('Creator royalty (%)', { exact: true });
    this.back = this.root.getByRole('button', { name: 'Back' });
    this.mint = this.root.getByRole('button', { name: 'Mint NFT' });
    this.mintAnother = this.root.getByRole('button', { name: 'Mint Another NFT' });
  }

  /** A message the wizard shows beside a field or under the form. */
  message(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  async fillDetails(details: { name: string; description: string; category: string }) {
    await this.name.fill(details.name);
    await this.description.fill(details.description);
    await this.category.selectOption(details.category);
  }
}

/** Counts the image uploads the page sends, to prove the browser's own checks sent nothing. */
export const countUploads = (page: Page): { readonly count: number } => {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/nft/images') seen.count++;
  });
  return seen;
};

/** The answer to the page's next image upload. */
export const nextUpload = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/nft/images');
