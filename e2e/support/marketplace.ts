import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs, type Response } from '@playwright/test';
import { cartSchema, checkoutAnswerSchema, type Cart, type CheckoutAnswer } from '@starforge/contracts/marketplace';
import { createdNftSchema, listingAnswerSchema, type CreatedNft, type Listing } from '@starforge/contracts/marketplace';
import { imageUploadedSchema, nftAnswerSchema, type Nft } from '@starforge/contracts/nft';
import { paymentTransaction } from '@starforge/payments/browser/solana-transaction';
import { PublicKey } from '@solana/web3.js';
import { newAccount, type TestAccount } from './accounts';
import { tinyPng } from './nft';
import { TestWallet } from './test-wallet';
import { solanaPaymentRequestSchema } from '@starforge/payments/wire';

/** A card the checkout takes: Luhn-valid, expiring next December. */
export const goodCard = {
  number: '4242 4242 4242 4242',
  expiry: `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`,
  cvv: '123',
  holder: 'Ada Lovelace',
};

/**
 * A seller or buyer whose full name no other journey uses, so a search by it finds only this
 * journey's listings (journeys run in parallel on one database).
 */
export const namedAccount = (prefix: string): TestAccount => ({ ...newAccount(prefix), firstName: 'Zephyrine', lastName: `Q${randomUUID().slice(0, 8)}` });

/** A word that marks one journey's NFTs, so a search by it finds them and nothing else. */
export const journeyTag = (): string => `x${randomUUID().slice(0, 8)}`;

/**
 * The marketplace (and the bits of nft it needs) as another person uses it through the API, with
 * its own session: a seller who creates and lists NFTs, or a buyer who buys one while a journey's
 * page watches. Answers are read with the contracts' schemas.
 */
export class MarketApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly account: TestAccount,
  ) {}

  /** A new account, signed up and signed in through the API. */
  static async signUp(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount = namedAccount('seller')): Promise<MarketApi> {
    const request = await playwright.request.newContext({ baseURL });
    const signUp = await request.post('/api/auth/signup', {
      data: { email: account.email, password: account.password, data: { first_name: account.firstName, last_name: account.lastName } },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    return MarketApi.signInWith(request, account);
  }

  /** Another session of an account that exists (the journey's own user on a second device). */
  static async signIn(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount): Promise<MarketApi> {
    return MarketApi.signInWith(await playwright.request.newContext({ baseURL }), account);
  }

  private static async signInWith(request: APIRequestContext, account: TestAccount): Promise<MarketApi> {
    const response = await request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(response.status(), await response.text()).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return new MarketApi(request, token, account);
  }

  /** "Zephyrine Q1a2b3c4d": how the grid names this seller. */
  get displayName(): string {
    return `${this.account.firstName} ${this.account.lastName}`;
  }

  private headers(write = false) {
    return { authorization: `Bearer ${this.token}`, ...(write ? { 'idempotency-key': randomUUID() } : {}) };
  }

  /** A write of another domain's as this signed-in user (a fresh Idempotency-Key): its status and JSON. */
  async postAs(path: string, data: unknown): Promise<{ status: number; body: unknown }> {
    const response = await this.request.post(path, { headers: this.headers(true), data });
    return { status: response.status(), body: await response.json().catch(() => null) };
  }

  /** An NFT made with the NFT creator's route: completed at once and listed at `price` dollars; with the tiny PNG when `image`. */
  async createListed(details: { name: string; description?: string; price: string; image?: boolean; royalty?: number }): Promise<CreatedNft> {
    let imageKey: string | null = null;
    if (details.image) {
      const upload = await this.request.post('/api/nft/images', { headers: { ...this.headers(), 'content-type': 'image/png' }, data: tinyPng });
      expect(upload.status(), await upload.text()).toBe(201);
      imageKey = imageUploadedSchema.parse(await upload.json()).image.key;
    }
    const response = await this.request.post('/api/marketplace/created-nfts', {
      headers: this.headers(true),
      data: {
        name: details.name,
        description: details.description ?? '',
        price: details.price,
        creator_royalty: details.royalty ?? 0,
        image_key: imageKey,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return createdNftSchema.parse(await response.json());
  }

  async list(nftId: string, price: string): Promise<Listing> {
    const response = await this.request.post(`/api/marketplace/nfts/${nftId}/listing`, { headers: this.headers(true), data: { price } });
    expect(response.status(), await response.text()).toBe(201);
    return listingAnswerSchema.parse(await response.json()).listing;
  }

  async unlist(nftId: string): Promise<void> {
    const response = await this.request.delete(`/api/marketplace/nfts/${nftId}/listing`, { headers: this.headers(true) });
    expect(response.status(), await response.text()).toBe(200);
  }

  async addToCart(nftId: string): Promise<void> {
    const response = await this.request.post('/api/marketplace/cart', { headers: this.headers(true), data: { nft_id: nftId } });
    expect(response.status(), await response.text()).toBe(201);
  }

  async cart(): Promise<Cart> {
    const response = await this.request.get('/api/marketplace/cart', { headers: this.headers() });
    expect(response.status(), await response.text()).toBe(200);
    return cartSchema.parse(await response.json());
  }

  /** Buys one NFT by card at its listed price, as 'Purchase NFT' does. */
  async buy(nftId: string, priceCents: number): Promise<CheckoutAnswer> {
    const response = await this.request.post('/api/marketplace/checkout/card', {
      headers: this.headers(true),
      data: {
        nft_id: nftId,
        price_cents: priceCents,
        payment_method: 'credit_card',
        card_number: goodCard.number,
        expiry: goodCard.expiry,
        cvv: goodCard.cvv,
        cardholder_name: goodCard.holder,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return checkoutAnswerSchema.parse(await response.json());
  }

  /**
   * Buys one NFT with a Solana wallet at its listed price, as /payment's Solana tab does: the
   * server's payment request, a real transfer signed in Node with a fresh ed25519 key, checked by
   * the server. A Solana payment is final, so the seller's proceeds are cash at once (a card's
   * are pending until it settles).
   */
  async buyWithSolana(nftId: string, priceCents: number, wallet = new TestWallet()): Promise<CheckoutAnswer> {
    const asked = await this.request.post('/api/marketplace/checkout/solana/requests', {
      headers: this.headers(true),
      data: { nft_id: nftId, price_cents: priceCents },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const paymentRequest = solanaPaymentRequestSchema.parse(await asked.json());
    const transaction = paymentTransaction(paymentRequest, wallet.address);
    transaction.addSignature(new PublicKey(wallet.address), Buffer.from(wallet.sign(transaction.serializeMessage())));
    const response = await this.request.post('/api/marketplace/checkout/solana', {
      headers: this.headers(true),
      data: { request_id: paymentRequest.id, wallet_address: wallet.address, transaction: transaction.serialize().toString('base64') },
    });
    expect(response.status(), await response.text()).toBe(201);
    return checkoutAnswerSchema.parse(await response.json());
  }

  async nft(id: string): Promise<Nft> {
    const response = await this.request.get(`/api/nft/nfts/${id}`, { headers: this.headers() });
    expect(response.status(), await response.text()).toBe(200);
    return nftAnswerSchema.parse(await response.json()).nft;
  }

  /** Signs this session out everywhere (scope global): every tab of the account loses its session. */
  async signOutEverywhere(): Promise<void> {
    const response = await this.request.post('/api/auth/logout?scope=global', { headers: this.headers() });
    expect(response.status()).toBe(204);
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}

/** Signs an existing account in from inside the page's browser context, so its refresh cookie lands there. */
export const signInViaApi = async (page: Page, account: TestAccount): Promise<void> => {
  const response = await page.request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
};

/** /marketplace as a person uses it. */
export class MarketplaceScreen {
  readonly search: Locator;
  readonly cards: Locator;
  readonly showing: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search NFTs' });
    this.cards = page.getByTestId('listing-card');
    this.showing = page.getByTestId('market-showing');
    this.empty = page.getByTestId('market-empty');
  }

  /** The card of the NFT named `name` (names are unique per journey). */
  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  buy(name: string): Locator {
    return this.card(name).getByRole('button', { name: `Buy ${name}` });
  }
}

/** /cart as a person uses it. */
export class CartScreen {
  readonly lines: Locator;
  readonly total: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.lines = page.getByTestId('cart-line');
    this.total = page.getByTestId('cart-total');
    this.empty = page.getByTestId('cart-empty');
  }

  line(name: string): Locator {
    return this.lines.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  increase(name: string): Locator {
    return this.page.getByRole('button', { name: `Increase quantity of ${name}` });
  }

  decrease(name: string): Locator {
    return this.page.getByRole('button', { name: `Decrease quantity of ${name}` });
  }

  remove(name: string): Locator {
    return this.line(name).getByRole('button', { name: `Remove ${name}` });
  }
}

/** /payment as a person uses it. */
export class PaymentScreen {
  readonly summary: Locator;
  readonly total: Locator;
  readonly cardTab: Locator;
  readonly solanaTab: Locator;
  readonly cardNumber: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly holder: Locator;
  readonly pay: Locator;

  constructor(readonly page: Page) {
    this.summary = page.getByTestId('order-summary');
    this.total = page.getByTestId('order-total');
    this.cardTab = page.getByRole('tab', { name: 'Credit Card' });
    this.solanaTab = page.getByRole('tab', { name: 'Solana' });
    this.cardNumber = page.getByLabel('Card number');
    this.expiry = page.getByLabel('Expiry (MM/YY)');
    this.cvv = page.getByLabel('CVV');
    this.holder = page.getByLabel('Cardholder name');
    this.pay = page.getByRole('tabpanel', { name: 'Credit Card' }).getByRole('button', { name: /^Pay \$/ });
  }

  async fillCard(card: { number: string; expiry: string; cvv: string; holder: string } = goodCard) {
    await this.cardNumber.fill(card.number);
    await this.expiry.fill(card.expiry);
    await this.cvv.fill(card.cvv);
    await this.holder.fill(card.holder);
  }
}

/** Counts the page's card checkouts, to prove the browser's own checks sent nothing. */
export const countCheckouts = (page: Page): { readonly count: number } => {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/marketplace/checkout/')) seen.count++;
  });
  return seen;
};

/**
 * Remembers which of the page's scripts carry @solana/web3.js (by a string of its own: the
 * System Program's id), to prove it arrives only when the Solana tab opens.
 */
export const watchSolanaCode = (page: Page): { readonly scripts: string[] } => {
  const seen = { scripts: [] as string[] };
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    response.text().then(
      (body) => {
        if (body.includes('11111111111111111111111111111111')) seen.scripts.push(new URL(response.url()).pathname);
      },
      () => {},
    );
  });
  return seen;
};
