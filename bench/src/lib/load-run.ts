import autocannon from 'autocannon';
import type { BenchAccount } from './accounts';
import { watchForeignCpu } from './foreign-cpu';

/** One autocannon run, and the share of the CPU other processes took meanwhile. */
export const loadRun = async (options: autocannon.Options): Promise<autocannon.Result & { foreign: number | null }> => {
  const foreign = watchForeignCpu();
  const result = await autocannon(options);
  return Object.assign(result, { foreign: foreign() });
};

/** Each client signs in as one of the accounts, in turn. */
export const clientsOf = (accounts: BenchAccount[], requests: (account: BenchAccount) => autocannon.Request[]) => {
  let next = 0;
  return (client: autocannon.Client) => {
    const account = accounts[next++ % accounts.length] as BenchAccount;
    client.setRequests(requests(account));
  };
};

/** Status code -> count, from autocannon's per-status statistics. */
export const statusCounts = (result: autocannon.Result): Record<string, number> =>
  Object.fromEntries(
    Object.entries((result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
