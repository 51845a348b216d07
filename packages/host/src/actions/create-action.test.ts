import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, requestJson } from '../http';
import { createAction } from './create-action';
import { newIdempotencyKey } from './new-idempotency-key';
import { jsonResponse as json, useScriptedFetch } from '../testing/scripted-fetch';
import { stubDocument, testSession } from '../testing/test-session';

// The action's retry schedule is its own logic; the network is a scripted fetch.
const sentKeys = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) =>
  fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createAction', () => {
  const fetchMock = useScriptedFetch();

  const convert = () =>
    createAction(({ idempotencyKey }, amount: number) =>
      requestJson<{ ok: boolean }>('/api/rewards/convert', { method: 'POST', json: { amount }, idempotencyKey }),
    );

  it('sends one fresh key per action and the same key on its retries, backing off from 200 ms', async () => {
    fetchMock
      .mockResolvedValueOnce(json(503, {}))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(json(200, { ok: true }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const action = convert();
    const started = Date.now();
    const first = action.run(10);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(await first).toEqual({ ok: true });
    expect(Date.now() - started).toBe(600);
    expect(await action.run(10)).toEqual({ ok: true });

    const keys = sentKeys(fetchMock);
    expect(keys[0]).toMatch(uuid);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(uuid);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('ignores runs while one is under way, and tells listeners when busy changes', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const action = convert();
    const seen: boolean[] = [];
    action.subscribe(() => seen.push(action.busy));
    const first = action.run(5);
    expect(action.busy).toBe(true);
    expect(await action.run(5)).toBeUndefined();
    expect(await action.run(6)).toBeUndefined();
    answer(json(200, { ok: true }));
    expect(await first).toEqual({ ok: true });
    expect(action.busy).toBe(false);
    expect(seen).toEqual([true, false]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects at once on an answer that is not retryable, and the next action gets a new key', async () => {
    fetchMock
      .mockResolvedValueOnce(json(422, { error: { code: 'insufficient_balance', message: 'Not enough points' } }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const action = convert();
    await expect(action.run(10)).rejects.toMatchObject({ status: 422, code: 'insufficient_balance' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await action.run(10);
    const [a, b] = sentKeys(fetchMock);
    expect(a).not.toBe(b);
  });

  it('retries while the server says the key is still in use (409 idempotency_key_in_use)', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'idempotency_key_in_use', message: 'busy' } })).mockResolvedValueOnce(json(200, { ok: true }));
    const running = convert().run(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await running).toEqual({ ok: true });
    const [a, b] = sentKeys(fetchMock);
    expect(a).toBe(b);
  });

  it('after retries run out with the outcome unknown, pressing again with the same input reuses the key', async () => {
    const action = createAction(
      ({ idempotencyKey }, amount: number) => requestJson('/api/rewards/withdraw', { method: 'POST', json: { amount }, idempotencyKey }),
      { maxAttempts: 2, baseDelayMs: 10 },
    );
    const failOffline = async (amount: number) => {
      fetchMock.mockReset();
      fetchMock.mockRejectedValue(new TypeError('offline'));
      const settled = expect(action.run(amount)).rejects.toBeInstanceOf(ApiRequestError);
      await vi.advanceTimersByTimeAsync(10);
      await settled;
      expect(fetchMock).toHaveBeenCalledTimes(2);
      return sentKeys(fetchMock)[0];
    };
    const succeed = async (amount: number) => {
      fetchMock.mockReset();
      fetchMock.mockResolvedValue(json(200, { ok: true }));
      await action.run(amount);
      return sentKeys(fetchMock)[0];
    };

    const lost = await failOffline(300);
    expect(await succeed(300)).toBe(lost); // the same withdrawal: replayed or run once
    expect(await succeed(300)).not.toBe(lost); // settled, so a new press is a new withdrawal

    const other = await failOffline(300);
    expect(await succeed(301)).not.toBe(other); // another amount is another action
  });

  it('keeps the key on the retry that authClient.authed makes after refreshing a refused token', async () => {
    const session = (accessToken: string) => testSession({ accessToken });
    stubDocument({ sessionHint: true });
    vi.resetModules();
    const { authClient } = await import('../auth-client');
    const { createAction: create } = await import('./create-action');
    fetchMock
      .mockResolvedValueOnce(json(200, session('old'))) // initialize
      .mockResolvedValueOnce(json(401, { error: { code: 'invalid_jwt', message: 'expired' } }))
      .mockResolvedValueOnce(json(200, session('new'))) // refresh
      .mockResolvedValueOnce(json(200, { staked: true }));
    await authClient.initialize();
    const stake = create(({ idempotencyKey }, amount: number) => authClient.authed('/api/rewards/stake', { method: 'POST', json: { amount }, idempotencyKey }));
    expect(await stake.run(50)).toEqual({ staked: true });
    const calls = fetchMock.mock.calls.filter(([path]) => path === '/api/rewards/stake');
    expect(calls).toHaveLength(2);
    const keys = calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
    expect(keys[0]).toMatch(uuid);
    expect(keys[1]).toBe(keys[0]);
    expect(calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a UUID v4, also where crypto.randomUUID is missing (an insecure context)', () => {
    expect(newIdempotencyKey()).toMatch(uuid);
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});
