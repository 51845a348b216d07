import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@starforge/contracts';
import { authClient, serverEvents } from '@starforge/host';
import { connectServerEventsToSession } from './server-events';

const session = (userId: string): Session => ({
  access_token: `token-${userId}`,
  token_type: 'bearer',
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: { id: userId, email: `${userId}@example.com`, created_at: '2026-01-01T00:00:00.000Z', user_metadata: {}, identities: [], factors: [] },
});
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('connectServerEventsToSession', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens the stream while a session is signed in, and opens it afresh for another user', async () => {
    const start = vi.spyOn(serverEvents, 'start').mockImplementation(() => {});
    const stop = vi.spyOn(serverEvents, 'stop').mockImplementation(() => {});
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const disconnect = connectServerEventsToSession();

    authClient.signedIn(session('ada'));
    expect([start.mock.calls.length, stop.mock.calls.length]).toEqual([1, 0]);

    fetchMock.mockResolvedValueOnce(answer(session('ada')));
    await authClient.refresh();
    expect([start.mock.calls.length, stop.mock.calls.length]).toEqual([1, 0]);

    authClient.signedIn(session('bob'));
    expect([start.mock.calls.length, stop.mock.calls.length]).toEqual([2, 1]);

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await authClient.signOut();
    expect([start.mock.calls.length, stop.mock.calls.length]).toEqual([2, 2]);
    disconnect();
  });
});
