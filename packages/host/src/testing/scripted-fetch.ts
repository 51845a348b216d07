import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON answer as our services send it. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * For tests of the browser's retry and refresh schedules: replaces `fetch` with a mock the test
 * scripts answer by answer, on fake timers, for every test of the calling `describe`.
 */
export const useScriptedFetch = () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return fetchMock;
};
