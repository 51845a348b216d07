import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const TIMEOUT_MS = 8_000;
const RETRY_DELAYS_MS = [300, 1_000];

const fetchWithTimeout = async (url: string, init: RequestInit | undefined): Promise<Response> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${TIMEOUT_MS} ms: ${url}`)), TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (response.status >= 500) throw new Error(`${url} answered ${response.status}`);
    return response;
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The runtime fetches a remote's manifest with no timeout, so a hanging remote server would
 * hang its route forever; this plugin bounds each try and retries twice with a pause.
 */
export default function fetchTimeoutPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'starforge-fetch-timeout',
    async fetch(url: string, init: RequestInit) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
        try {
          return await fetchWithTimeout(url, init);
        } catch (error) {
          lastError = error;
          const delay = RETRY_DELAYS_MS[attempt];
          if (delay === undefined) break;
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
      throw lastError;
    },
  };
}
