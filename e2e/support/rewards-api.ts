import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { rewardsSummarySchema, type RewardsSummary } from '@starforge/contracts/rewards';
import type { TestAccount } from './accounts';

/**
 * The rewards API as a second device of the same account uses it: its own session, so the
 * page's session and refresh cookie are left alone. There is no way to grant points or cash
 * from outside: points are earned by running tests, as a person earns them.
 */
export class RewardsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount): Promise<RewardsApi> {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post('/api/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(response.status(), await response.text()).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return new RewardsApi(request, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async summary(): Promise<RewardsSummary> {
    const response = await this.request.get('/api/rewards/summary', { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return rewardsSummarySchema.parse(await response.json());
  }

  async post(path: string, data: unknown): Promise<{ status: number; body: unknown }> {
    const response = await this.request.post(`/api/rewards${path}`, { headers: { ...this.headers, 'idempotency-key': randomUUID() }, data });
    return { status: response.status(), body: await response.json().catch(() => null) };
  }

  /**
   * A write as a well-behaved client sends it: past the per-user write limit (429 `rate_limited`), it waits the
   * answer's Retry-After and sends the same request again with the same Idempotency-Key.
   */
  private async postWithinLimit(path: string, data: unknown): Promise<{ status: number; body: unknown }> {
    const headers = { ...this.headers, 'idempotency-key': randomUUID() };
    for (;;) {
      const response = await this.request.post(`/api/rewards${path}`, { headers, data });
      const body: unknown = await response.json().catch(() => null);
      const code = (body as { error?: { code?: string } } | null)?.error?.code;
      if (response.status() !== 429 || code !== 'rate_limited') return { status: response.status(), body };
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? '1') * 1_000));
    }
  }

  /**
   * Runs tests until the account holds at least `points` unconverted points, starting them all at
   * once (those past the write limit start after its Retry-After). 30 runs finished
   * earn at least 30 x 25 + First Test 50 + Test Master 250 = 1,050 points, whatever their luck.
   */
  async earnPoints(points: number): Promise<RewardsSummary> {
    const runs = Math.max(1, Math.ceil(points / 25));
    const before = (await this.summary()).total_tests;
    const started = await Promise.all(
      Array.from({ length: Math.min(runs, 30) }, () => this.postWithinLimit('/test-runs', { network: 'sepolia', test_type: 'transaction' })),
    );
    for (const run of started) expect(run.status, JSON.stringify(run.body)).toBe(201);
    await expect.poll(async () => (await this.summary()).total_tests, { timeout: 15_000, intervals: [500] }).toBe(before + started.length);
    const summary = await this.summary();
    expect(summary.points_balance).toBeGreaterThanOrEqual(Math.min(points, 1_050));
    return summary;
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}
