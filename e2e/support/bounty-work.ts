import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import {
  bountyAnswerSchema,
  completionAnswerSchema,
  projectAnswerSchema,
  submitCompletionAnswerSchema,
  upgradeAnswerSchema,
  type Bounty,
  type CompletionAnswer,
  type CreateBountyRequest,
  type Project,
} from '@starforge/contracts/bounties';
import { projectCodeAnswerSchema, type ProjectCodeAnswer } from '@starforge/contracts/bounties';
import type { SuiteSource } from '@starforge/contracts/rewards';
import { newAccount, type TestAccount } from './accounts';
import { goodCard, MarketApi, namedAccount } from './marketplace';

/** Where the bounties service answers (it mounts at /api/bounties; its routes start at /bounties, /projects, /subscription). */
const api = '/api/bounties';

/**
 * The bounties API as a person uses it through their own session: a creator who upgrades,
 * makes a project and posts bounties, a claimer, a stranger. Answers are read with the
 * contracts' schemas, so a service that drifts from them fails here.
 */
export class BountyApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly account: TestAccount,
  ) {}

  /** A new account, signed up and signed in through the API. */
  static async signUp(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount = newAccount('hunter')): Promise<BountyApi> {
    const request = await playwright.request.newContext({ baseURL });
    const signUp = await request.post('/api/auth/signup', {
      data: { email: account.email, password: account.password, data: { first_name: account.firstName, last_name: account.lastName } },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    return BountyApi.signInWith(request, account);
  }

  /** Another session of an account that exists (the journey's own user on a second device). */
  static async signIn(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount): Promise<BountyApi> {
    return BountyApi.signInWith(await playwright.request.newContext({ baseURL }), account);
  }

  private static async signInWith(request: APIRequestContext, account: TestAccount): Promise<BountyApi> {
    const response = await request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(response.status(), await response.text()).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return new BountyApi(request, token, account);
  }

  private headers(write = false) {
    return { authorization: `Bearer ${this.token}`, ...(write ? { 'idempotency-key': randomUUID() } : {}) };
  }

  /** Pro by card, as /pricing upgrades ($29, recorded by bounties, not a ledger row). */
  async upgradeToPro(): Promise<void> {
    const response = await this.request.post(`${api}/subscription/upgrade/card`, {
      headers: this.headers(true),
      data: { payment_method: 'credit_card', card_number: goodCard.number, expiry: goodCard.expiry, cvv: goodCard.cvv, cardholder_name: goodCard.holder },
    });
    expect(response.status(), await response.text()).toBe(201);
    expect(upgradeAnswerSchema.parse(await response.json()).subscription.plan).toBe('pro');
  }

  /** Back to Free, as Downgrade on /pricing does. */
  async downgrade(): Promise<void> {
    const response = await this.request.post(`${api}/subscription/downgrade`, { headers: this.headers(true) });
    expect(response.status(), await response.text()).toBe(200);
  }

  async createProject(name: string): Promise<Project> {
    const response = await this.request.post(`${api}/projects`, { headers: this.headers(true), data: { name, project_type: 'defi', budget: '100' } });
    expect(response.status(), await response.text()).toBe(201);
    return projectAnswerSchema.parse(await response.json()).project;
  }

  /** Posts a bounty; its reward is held from this user's cash. */
  async post(bounty: CreateBountyRequest): Promise<Bounty> {
    const response = await this.request.post(`${api}/bounties`, { headers: this.headers(true), data: bounty });
    expect(response.status(), await response.text()).toBe(201);
    return bountyAnswerSchema.parse(await response.json()).bounty;
  }

  /** Claims a bounty; the answer's status and body as they came (a lost race is 409). */
  async claim(bountyId: string): Promise<{ status: number; body: unknown }> {
    const response = await this.request.post(`${api}/bounties/${bountyId}/claim`, { headers: this.headers(true) });
    return { status: response.status(), body: await response.json().catch(() => null) };
  }

  async claimed(bountyId: string): Promise<Bounty> {
    const { status, body } = await this.claim(bountyId);
    expect(status, JSON.stringify(body)).toBe(200);
    return bountyAnswerSchema.parse(body).bounty;
  }

  /** Gives the claim up (the claimer), as Release Claim does. */
  async release(bountyId: string): Promise<Bounty> {
    const response = await this.request.post(`${api}/bounties/${bountyId}/release`, { headers: this.headers(true) });
    expect(response.status(), await response.text()).toBe(200);
    return bountyAnswerSchema.parse(await response.json()).bounty;
  }

  async submitCompletion(bountyId: string, proof: string, url = ''): Promise<{ created: boolean }> {
    const response = await this.request.put(`${api}/bounties/${bountyId}/completion`, {
      headers: this.headers(true),
      data: { completion_proof: proof, completion_url: url },
    });
    expect(response.status(), await response.text()).toBe(200);
    return submitCompletionAnswerSchema.parse(await response.json());
  }

  /** Saves a project's code as its next version (its creator), as "Save as new version" does (issue 28). */
  async saveCode(projectId: string, sources: SuiteSource[]): Promise<ProjectCodeAnswer> {
    const response = await this.request.put(`${api}/projects/${projectId}/code`, { headers: this.headers(true), data: { sources } });
    expect(response.status(), await response.text()).toBe(200);
    return projectCodeAnswerSchema.parse(await response.json());
  }

  /** Submits a completion with an executable proof (issue 28). */
  async submitProof(bountyId: string, proof: string, test: SuiteSource, url = ''): Promise<{ created: boolean }> {
    const response = await this.request.put(`${api}/bounties/${bountyId}/completion`, {
      headers: this.headers(true),
      data: { completion_proof: proof, completion_url: url, proof_test: test },
    });
    expect(response.status(), await response.text()).toBe(200);
    return submitCompletionAnswerSchema.parse(await response.json());
  }

  async completion(bountyId: string): Promise<CompletionAnswer> {
    const response = await this.request.get(`${api}/bounties/${bountyId}/completion`, { headers: this.headers() });
    expect(response.status(), await response.text()).toBe(200);
    return completionAnswerSchema.parse(await response.json());
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}

/**
 * A Pro creator holding `dollars` of cash, by the product's own paths: an NFT of theirs sold to a
 * buyer paying with a Solana wallet (the sale's proceeds, no royalty, cash at once: a card sale's
 * stay pending until it settles), then the upgrade by card; and a project of
 * theirs to post under. Its words carry `tag`, so a search by it finds this journey's bounties only.
 */
export const fundedProCreator = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  tag: string,
  dollars: number,
): Promise<{ creator: BountyApi; project: Project }> => {
  const seller = await MarketApi.signUp(playwright, baseURL, namedAccount('creator'));
  const sold = await seller.createListed({ name: `Funds ${tag}`, price: String(dollars) });
  const buyer = await MarketApi.signUp(playwright, baseURL, namedAccount('buyer'));
  await buyer.buyWithSolana(sold.nft_id, dollars * 100);
  await buyer.dispose();
  await seller.dispose();
  const creator = await BountyApi.signIn(playwright, baseURL, seller.account);
  await creator.upgradeToPro();
  const project = await creator.createProject(`Vault ${tag}`);
  return { creator, project };
};

/** /bug-bounties as a person uses it. */
export class OpenBountiesScreen {
  readonly search: Locator;
  readonly cards: Locator;
  readonly showing: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search bounties...' });
    this.cards = page.getByTestId('open-bounty');
    this.showing = page.getByTestId('open-bounties-showing');
    this.empty = page.getByTestId('open-bounties-empty');
  }

  /** The card of the bounty titled `title` (titles are unique per journey). */
  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  claim(title: string): Locator {
    return this.card(title).getByRole('button', { name: `Claim Bounty ${title}` });
  }
}

/** /bounty/:id/complete and /bounty/:id/review as their users see them. */
export class BountyWorkScreen {
  readonly summary: Locator;
  readonly reviewTime: Locator;
  readonly status: Locator;
  readonly reviewNotes: Locator;
  readonly proof: Locator;
  readonly url: Locator;
  readonly submit: Locator;
  readonly update: Locator;
  readonly solution: Locator;
  readonly notes: Locator;
  readonly approve: Locator;
  readonly reject: Locator;
  readonly noPending: Locator;

  constructor(readonly page: Page) {
    this.summary = page.getByTestId('bounty-summary');
    this.reviewTime = this.summary.getByTestId('bounty-review-time');
    this.status = page.getByTestId('completion-status');
    this.reviewNotes = page.getByTestId('completion-review-notes');
    this.proof = page.getByLabel('Completion proof');
    this.url = page.getByLabel('Completion URL (optional)');
    this.submit = page.getByRole('button', { name: 'Submit Completion' });
    this.update = page.getByRole('button', { name: 'Update Completion' });
    this.solution = page.getByTestId('submitted-solution');
    this.notes = page.getByLabel('Review notes');
    this.approve = page.getByRole('button', { name: 'Approve & Release Payment' });
    this.reject = page.getByRole('button', { name: 'Reject Completion' });
    this.noPending = page.getByTestId('no-pending-completion');
  }
}

/** Counts the page's completion submissions, to prove the browser's own checks sent nothing. */
export const countSubmissions = (page: Page): { readonly count: number } => {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/bounties\/bounties\/[^/]+\/completion$/.test(new URL(request.url()).pathname)) seen.count++;
  });
  return seen;
};
