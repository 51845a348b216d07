import { randomUUID } from 'node:crypto';
import { LiveStream } from './live-stream';

/** A request that did not get the answer a healthy product gives. */
export interface FailedRequest {
  client: number;
  what: string;
  status: number | string;
  body: string;
}

export interface ClientRecord {
  index: number;
  userId: string;
  stream: LiveStream;
  /** Test runs this client started (the ids the service answered). */
  runs: string[];
  stakes: number;
}

const PASSWORD = 'rolling-restart-42';

/**
 * One user of the product under load, through the gateway: signs up (a session), keeps its live
 * event stream open, then runs tests and stakes FORGE at a person's pace until told to stop.
 * Every write carries an Idempotency-Key. Any answer that is not the success the product gives
 * when healthy is recorded as a failure; nothing is retried.
 */
export class LoadClient {
  private token = '';
  private record: ClientRecord | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly index: number,
    private readonly failures: FailedRequest[],
  ) {}

  private async call(what: string, path: string, init: RequestInit & { json?: unknown }): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (init.method === 'POST') headers['idempotency-key'] = randomUUID();
    try {
      const res = await fetch(`${this.baseUrl}${path}`, { ...init, headers, body: init.json === undefined ? null : JSON.stringify(init.json) });
      const text = await res.text();
      if (res.status >= 200 && res.status < 300) return text ? JSON.parse(text) : null;
      this.failures.push({ client: this.index, what, status: res.status, body: text.slice(0, 300) });
    } catch (error) {
      this.failures.push({ client: this.index, what, status: 'network', body: String(error) });
    }
    return undefined;
  }

  /** Signs up and opens the stream; resolves when the stream is live. */
  async join(): Promise<ClientRecord> {
    const email = `rolling-${this.index}-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = (await this.call('sign up', '/api/auth/signup', {
      method: 'POST',
      json: { email, password: PASSWORD, data: { first_name: 'Load', last_name: `Client${this.index}` } },
    })) as { user?: { id: string }; session?: { access_token: string } | null } | undefined;
    if (!signUp?.user) throw new Error(`client ${this.index} could not sign up`);
    let token = signUp.session?.access_token;
    if (!token) {
      const signIn = (await this.call('sign in', '/api/auth/token?grant_type=password', { method: 'POST', json: { email, password: PASSWORD } })) as
        | { access_token?: string }
        | undefined;
      token = signIn?.access_token;
    }
    if (!token) throw new Error(`client ${this.index} could not sign in`);
    this.token = token;
    const stream = new LiveStream(this.baseUrl, token);
    await stream.start();
    this.record = { index: this.index, userId: signUp.user.id, stream, runs: [], stakes: 0 };
    return this.record;
  }

  /** One round of a person's use: a test run, a stake of 1 FORGE, a look at the summary. */
  async act(): Promise<void> {
    const record = this.record;
    if (!record) throw new Error('join first');
    const run = (await this.call('start a test run', '/api/rewards/test-runs', { method: 'POST', json: { network: 'sepolia', test_type: 'transaction' } })) as
      | { id?: string }
      | undefined;
    if (run?.id) record.runs.push(run.id);
    if ((await this.call('stake', '/api/rewards/tokens/stake', { method: 'POST', json: { amount: 1 } })) !== undefined) record.stakes += 1;
    await this.call('read the summary', '/api/rewards/summary', { method: 'GET' });
  }
}
