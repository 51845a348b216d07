import type autocannon from 'autocannon';
import type { BenchAccount } from './accounts';
import { clientsOf } from './load-run';
import { median } from './stats';

/** Successful answers a second over a run. */
export const rateOf = (r: autocannon.Result): number => r['2xx'] / r.duration;

/** A run of GET /api/<domain>/health (the service's floor: a `select 1`) with `connections` clients. */
export const healthLoad =
  (base: string, domain: string, connections: number) =>
  (duration: number): autocannon.Options => ({
    url: base,
    connections,
    duration,
    requests: [{ method: 'GET', path: `/api/${domain}/health` }],
  });

/** A run of one signed-in GET, each client one of the accounts (their bearer tokens). */
export const authedGetLoad =
  (base: string, accounts: BenchAccount[], path: string, connections: number) =>
  (duration: number): autocannon.Options => ({
    url: base,
    connections,
    duration,
    setupClient: clientsOf(accounts, (account) => [{ method: 'GET', path, headers: { authorization: `Bearer ${account.token}` } }]),
  });

/** A signed-in GET's JSON, which must answer 200. */
export const getJson = async <T>(base: string, path: string, token: string): Promise<T> => {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json().catch(() => null)) as T | null;
  if (res.status !== 200 || body === null) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
};

/** One request at a time, nothing else running: the median of `requests` answers, before any queueing (ms). */
export const medianAlone = async (base: string, path: string, token: string, requests: number): Promise<number> => {
  const times: number[] = [];
  for (let n = 0; n < requests; n++) {
    const at = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - at);
  }
  return median(times);
};
