import { serviceNames, type ServiceName } from '@starforge/contracts/shared';
import { createSql, engineWorkerConnections, readPoolSizes } from '@starforge/service-kit';

/**
 * Connections a copy of each service holds besides its pools, for as long as it runs: one that
 * LISTENs for its pool (postgres.js's `sql.listen`, shared by whatever listens on that pool: the
 * events hub, the live sessions behind `requireUser`; auth checks sessions without it) and one per
 * notified cache (the kit's NotifiedCache: marketplace's search pages, bounties' open bounties) or
 * other ChannelListener (bounties' proof judge, hearing rewards' finished engine runs).
 * Change it with the service: README.md, "Sizing connection pools", has the same table.
 */
const LISTEN_CONNECTIONS: Readonly<Record<ServiceName, number>> = { auth: 0, events: 1, nft: 1, rewards: 1, marketplace: 2, bounties: 3 };

/** The services that run durable jobs (`registerJobs` in their server.ts): each copy opens pg-boss's pool too. */
const RUNS_JOBS: ReadonlySet<ServiceName> = new Set<ServiceName>(['nft', 'rewards', 'marketplace', 'bounties']);

/** At most this many connections to PostgreSQL from one copy of `service`, with the pool sizes `env` sets. */
export const connectionsPerCopy = (service: ServiceName, env: NodeJS.ProcessEnv = process.env): number => {
  const pools = readPoolSizes(service, env);
  return pools.pool + (RUNS_JOBS.has(service) ? pools.jobs : 0) + LISTEN_CONNECTIONS[service];
};

export interface ConnectionBudget {
  /** Copies × connections per copy, by service. */
  byService: Record<ServiceName, number>;
  /** The engine worker processes started beside them × each one's connections. */
  engineWorkers: number;
  /** All together: what the server must allow (their pools fill under load and stay open). */
  total: number;
}

/**
 * The connections `copies` of each service (one each unless given) and `engineWorkers` engine
 * worker processes (none unless given) may hold at once.
 */
export const connectionBudget = (
  copies: Partial<Record<ServiceName, number>> = {},
  env: NodeJS.ProcessEnv = process.env,
  engineWorkers = 0,
): ConnectionBudget => {
  const byService = Object.fromEntries(serviceNames.map((name) => [name, (copies[name] ?? 1) * connectionsPerCopy(name, env)])) as Record<ServiceName, number>;
  const workers = engineWorkers * engineWorkerConnections(env);
  return { byService, engineWorkers: workers, total: Object.values(byService).reduce((sum, n) => sum + n, 0) + workers };
};

/**
 * A warning when the budget does not fit in what the server lets ordinary roles have
 * (`max_connections` less `superuser_reserved_connections` and, from PostgreSQL 16, `reserved_connections`),
 * or null when it fits.
 */
export const connectionBudgetWarning = (budget: ConnectionBudget, server: { maxConnections: number; reservedConnections?: number }): string | null => {
  const available = server.maxConnections - (server.reservedConnections ?? 3);
  if (budget.total <= available) return null;
  const services = [...Object.entries(budget.byService), ...(budget.engineWorkers ? [['engine workers', budget.engineWorkers] as const] : [])]
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  return (
    `the services may open ${budget.total} connections to PostgreSQL (${services}), more than the ${available} its max_connections leaves them; ` +
    'lower DB_POOL_MAX (or DB_POOL_MAX_<SERVICE> for one service) or raise max_connections (README.md, "Sizing connection pools")'
  );
};

/** Asks the server its limits and answers the warning for `copies` of each service, or null when they fit. */
export const checkConnectionBudget = async (
  databaseUrl: string,
  copies: Partial<Record<ServiceName, number>>,
  env: NodeJS.ProcessEnv = process.env,
  engineWorkers = 0,
): Promise<string | null> => {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ maxConnections: string; superuserReserved: string; reserved: string | null }[]>`
      select current_setting('max_connections') as max_connections,
             current_setting('superuser_reserved_connections') as superuser_reserved,
             current_setting('reserved_connections', true) as reserved`;
    if (!row) return null;
    const reservedConnections = Number(row.superuserReserved) + Number(row.reserved ?? 0);
    return connectionBudgetWarning(connectionBudget(copies, env, engineWorkers), { maxConnections: Number(row.maxConnections), reservedConnections });
  } finally {
    await sql.end();
  }
};
