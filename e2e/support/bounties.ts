import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import {
  bountyAnswerSchema,
  projectAnswerSchema,
  subscriptionAnswerSchema,
  upgradeAnswerSchema,
  type Bounty,
  type CreateBountyRequest,
  type CreateProjectRequest,
  type Project,
  type Subscription,
} from '@starforge/contracts/bounties';
import type { TestAccount } from './accounts';
import { goodCard, MarketApi } from './marketplace';

/**
 * The bounties API as another device of an account uses it (its own session: the page's is left
 * alone), to set a journey up the way the product does it: upgrade, projects, bounties, claims.
 * Answers are read with the contracts' schemas.
 */
export class BountiesApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount): Promise<BountiesApi> {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(response.status(), await response.text()).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return new BountiesApi(request, token);
  }

  private async post(path: string, data?: unknown) {
    const response = await this.request.post(`/api/bounties${path}`, {
      headers: { authorization: `Bearer ${this.token}`, 'idempotency-key': randomUUID() },
      ...(data === undefined ? {} : { data }),
    });
    return { status: response.status(), body: (await response.json()) as unknown, text: () => response.text() };
  }

  async subscription(): Promise<Subscription> {
    const response = await this.request.get('/api/bounties/subscription', { headers: { authorization: `Bearer ${this.token}` } });
    expect(response.status(), await response.text()).toBe(200);
    return subscriptionAnswerSchema.parse(await response.json()).subscription;
  }

  /** Pro by card, as /pricing pays. */
  async upgrade(): Promise<void> {
    const answer = await this.post('/subscription/upgrade/card', {
      payment_method: 'credit_card',
      card_number: goodCard.number,
      expiry: goodCard.expiry,
      cvv: goodCard.cvv,
      cardholder_name: goodCard.holder,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    upgradeAnswerSchema.parse(answer.body);
  }

  async downgrade(): Promise<void> {
    const answer = await this.post('/subscription/downgrade');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  async createProject(project: CreateProjectRequest): Promise<Project> {
    const answer = await this.post('/projects', project);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return projectAnswerSchema.parse(answer.body).project;
  }

  async createBounty(bounty: CreateBountyRequest): Promise<Bounty> {
    const answer = await this.post('/bounties', bounty);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return bountyAnswerSchema.parse(answer.body).bounty;
  }

  async claim(bountyId: string): Promise<Bounty> {
    const answer = await this.post(`/bounties/${bountyId}/claim`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return bountyAnswerSchema.parse(answer.body).bounty;
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}

/**
 * Gives `account` `dollars` of cash the way the product pays people: it creates an NFT listed at
 * that price and a new buyer buys it by card (no royalty: the seller is its creator).
 */
export const earnCashBySale = async (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount, dollars: number): Promise<void> => {
  const seller = await MarketApi.signIn(playwright, baseURL, account);
  const buyer = await MarketApi.signUp(playwright, baseURL);
  const nft = await seller.createListed({ name: `Bounty fund ${randomUUID().slice(0, 8)}`, price: String(dollars) });
  await buyer.buy(nft.nft_id, dollars * 100);
  await Promise.all([seller.dispose(), buyer.dispose()]);
};

/** Counts the page's POSTs under `/api/bounties<prefix>`, to prove the browser's own checks sent nothing. */
export const countBountiesPosts = (page: Page, prefix: string): { readonly count: number } => {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith(`/api/bounties${prefix}`)) seen.count++;
  });
  return seen;
};
