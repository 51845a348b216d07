import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, useScriptedFetch } from './testing/scripted-fetch';
import { stubDocument, testSession } from './testing/test-session';

// The client's retry schedule is its own logic; the network is replaced by a scripted fetch.
const session = (expiresInSeconds: number) => testSession({ expiresInSeconds });

const loadClient = async () => {
  vi.resetModules();
  const { authClient } = await import('./auth-client');
  const { hostStore } = await import('./store');
  const { sessionAtom } = await import('./session');
  const events: string[] = [];
  authClient.onAuthStateChange((event) => events.push(event));
  return { authClient, events, state: () => hostStore.get(sessionAtom).status };
};

describe('authClient', () => {
  const fetchMock = useScriptedFetch();
  // A browser that has been signed in here: the auth service left its session hint cookie.
  beforeEach(() => stubDocument({ sessionHint: true }));

  it('without the session hint sends nothing and is signed out before initialize returns', async () => {
    stubDocument({ sessionHint: false });
    const { authClient, events, state } = await loadClient();
    const initializing = authClient.initialize(null);
    expect(state()).toBe('signed_out');
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(await initializing).toBeNull();
    expect(authClient.initialize()).toBe(initializing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with the hint stays loading until the refresh answers', async () => {
    let answer: (response: Response) => void = () => {};
    const { authClient, events, state } = await loadClient();
    const initializing = authClient.initialize(new Promise<Response>((resolve) => (answer = resolve)));
    expect(state()).toBe('loading');
    expect(events).toEqual([]);
    answer(json(200, session(900)));
    await initializing;
    expect(state()).toBe('signed_in');
  });

  it('sends its own refresh when the hint is there but the page sent none early', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session(900)));
    const { authClient, state } = await loadClient();
    await authClient.initialize(null);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(state()).toBe('signed_in');
  });

  it('restores the session from the cookie and announces INITIAL_SESSION', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session(900)));
    const { authClient, events, state } = await loadClient();
    await authClient.initialize();
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(state()).toBe('signed_in');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/token?grant_type=refresh_token');
  });

  it('takes the answer of a refresh the page sent early as its first attempt', async () => {
    const { authClient, events, state } = await loadClient();
    await authClient.initialize(Promise.resolve(json(200, session(900))));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(state()).toBe('signed_in');
  });

  it('retries when the early refresh failed on the network', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session(900)));
    const { authClient, state } = await loadClient();
    const initializing = authClient.initialize(Promise.resolve(null));
    await vi.advanceTimersByTimeAsync(200);
    await initializing;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(state()).toBe('signed_in');
  });

  it('starts signed out when the hint was stale (the service refused the refresh)', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'session_not_found', message: 'Session not found' } }));
    const { authClient, events, state } = await loadClient();
    expect(await authClient.initialize()).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(state()).toBe('signed_out');
  });

  it('retries a refresh on 502/503/504 and network failures, backing off from 200 ms', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, session(60))) // initial: expires within 90 s
      .mockResolvedValueOnce(json(503, {}))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(json(504, {}))
      .mockResolvedValueOnce(json(200, session(900)));
    const { authClient, events } = await loadClient();
    await authClient.initialize();
    const times: number[] = [];
    fetchMock.mockImplementation(async () => json(200, session(900)));
    const started = Date.now();
    const refreshing = authClient.refresh();
    for (const wait of [200, 400, 800]) {
      await vi.advanceTimersByTimeAsync(wait);
      times.push(Date.now() - started);
    }
    await refreshing;
    expect(times).toEqual([200, 600, 1400]);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(events).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('does not retry other refusals: the session ends with SIGNED_OUT', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, session(900)))
      .mockResolvedValueOnce(json(401, { error: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token' } }));
    const { authClient, events, state } = await loadClient();
    await authClient.initialize();
    await expect(authClient.refresh()).rejects.toMatchObject({ status: 401, code: 'refresh_token_already_used' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    expect(state()).toBe('signed_out');
  });

  it('checks every 30 s and refreshes only when expiry is within 90 s', async () => {
    vi.stubGlobal('window', {});
    stubDocument({ sessionHint: true }, { visibilityState: 'visible' });
    fetchMock.mockResolvedValueOnce(json(200, session(150)));
    const { authClient, events } = await loadClient();
    await authClient.initialize();
    fetchMock.mockImplementation(async () => json(200, session(900)));
    await vi.advanceTimersByTimeAsync(30_000); // 120 s left: nothing to do
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000); // 90 s left: not yet within
    await vi.advanceTimersByTimeAsync(30_000); // 60 s left: refresh
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(events).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    fetchMock.mockResolvedValueOnce(json(200, session(900))).mockRejectedValueOnce(new TypeError('offline'));
    const { authClient, events, state } = await loadClient();
    await authClient.initialize();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await authClient.signOut();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    expect(state()).toBe('signed_out');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/auth/logout?scope=global');
  });

  it('ends the local session before the sign-out is answered, so nothing reads or refreshes meanwhile', async () => {
    let answerLogout: (response: Response) => void = () => {};
    const first = session(900);
    fetchMock.mockResolvedValueOnce(json(200, first)).mockImplementationOnce(() => new Promise<Response>((resolve) => (answerLogout = resolve)));
    const { authClient, events, state } = await loadClient();
    await authClient.initialize();
    const signingOut = authClient.signOut();
    // The server is ending the session: the tab already has none, and sends the logout with the token it had.
    expect(state()).toBe('signed_out');
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    expect(await authClient.getAccessToken()).toBeNull();
    const logout = fetchMock.mock.calls[1];
    expect(String(logout?.[0])).toBe('/api/auth/logout?scope=global');
    expect(new Headers(logout?.[1]?.headers).get('authorization')).toBe(`Bearer ${first.access_token}`);
    answerLogout(new Response(null, { status: 204 }));
    await signingOut;
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  it('a refresh answered after a sign-out does not bring the session back', async () => {
    let answerRefresh: (response: Response) => void = () => {};
    fetchMock
      .mockResolvedValueOnce(json(200, session(900)))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerRefresh = resolve)))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const { authClient, events, state } = await loadClient();
    await authClient.initialize();
    const refreshing = authClient.refresh().catch(() => null);
    await authClient.signOut();
    answerRefresh(json(200, session(900)));
    expect(await refreshing).toBeNull();
    expect(state()).toBe('signed_out');
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });
});
