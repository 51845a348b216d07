import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient, serverEvents } from '@starforge/host';
import { jsonResponse as json } from '@starforge/host/testing/scripted-fetch';
import { testSession } from '@starforge/host/testing/test-session';
import { connectServerEventsToSession } from './server-events';

const session = (userId: string) => testSession({ accessToken: `token-${userId}`, userId, email: `${userId}@example.com` });

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

    fetchMock.mockResolvedValueOnce(json(200, session('ada')));
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
