import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { serviceNames, type ServiceName } from '@starforge/contracts/shared';
import { createSql, migrateAll, serviceMigrationsDir } from '@starforge/service-kit';
import { buildFrontends, frontendApps, isBuildCurrent } from '@starforge/federation';
import { fromRoot, repoRoot } from './paths';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './postgres';
import { checkConnectionBudget } from './pool-budget';
import { assertPortFree, freePort, PortTakenError } from './ports';
import { waitForOk } from './processes';
import { ENGINE_WORKER, serviceEntry } from './service-entry';
import { startSupervised, type SupervisedProcess } from './supervisor';
import postgres from 'postgres';

export interface StackOptions {
  port: number;
  host?: string;
  /** Use this server instead of the embedded one. */
  databaseUrl?: string;
  /** Where the embedded cluster keeps its data. */
  dataDir?: string;
  /** The nft service's image folder; default `nft-images` beside `dataDir` (`.data/nft-images`). */
  imageDir?: string;
  /** The product's database on the embedded server. */
  databaseName?: string;
  /** Drop and recreate the product database first (fresh test runs). */
  resetDatabase?: boolean;
  /** The origin browsers use (default http://localhost:<port>); behind TLS, its https URL. */
  publicOrigin?: string;
  /** The Solana address Solana payments pay to (the marketplace's checkout, the Pro plan); default `DEVELOPMENT_SOLANA_TREASURY`. */
  solanaTreasury?: string;
  /** Extra environment for every service (rate limits for tests, say). */
  serviceEnv?: NodeJS.ProcessEnv;
  /** How many copies of each service run (default 1 each); the gateway spreads requests over them. */
  replicas?: Partial<Record<ServiceName, number>>;
  /**
   * Engine worker processes that run contract runs (default 1; 0 when they run on other
   * machines against the same database). Each runs `ENGINE_WORKERS` at once.
   */
  engineWorkers?: number;
  log?: (line: string) => void;
}

export interface RunningStack {
  url: string;
  databaseUrl: string;
  /** Each service's first copy. */
  services: Record<ServiceName, string>;
  /** Each service's copies, in order (`auth-1`, `auth-2`… in `processes` when there are several). */
  copies: Record<ServiceName, string[]>;
  /**
   * Restarts every copy of every service in turn, each drained (SIGTERM) and back and ready before
   * the next goes; with two or more copies of each, the product keeps answering throughout.
   */
  rollingRestart: () => Promise<void>;
  stop: () => Promise<void>;
  /**
   * Resolves when the stack can no longer serve: the embedded PostgreSQL exited on its own.
   * A service or the gateway that dies is restarted instead (supervisor.ts).
   */
  crashed: Promise<string>;
  /** The supervised processes by name (services and `gateway`), for tests and tooling. */
  processes: Record<string, SupervisedProcess>;
}

/**
 * Every schema migrated in `migrationOrder` before any service starts, so a schema that publishes
 * functions or views is there before the migrations that use them (each service still migrates
 * its own schema at start, which then has nothing to do).
 */
const migrateInOrder = async (databaseUrl: string) => {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    await migrateAll(sql, (schema) => serviceMigrationsDir(repoRoot, schema));
  } finally {
    await sql.end();
  }
};

const resetDatabase = async (adminUrl: string, name: string) => {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await sql`drop database if exists ${sql(name)} with (force)`;
  await sql.end();
};

/** Builds what is missing or stale (all six frontends, two at a time). */
export const ensureFrontendsBuilt = async (log: (line: string) => void): Promise<void> => {
  const stale = [];
  for (const app of frontendApps) if (!(await isBuildCurrent(repoRoot, app))) stale.push(app);
  if (stale.length === 0) return log('frontends are up to date');
  await buildFrontends(repoRoot, stale, log);
};

/**
 * The treasury `pnpm start`, the end-to-end journeys and the benchmarks pay Solana payments to: a
 * random address whose private key was never kept, so nobody holds it. No transaction is sent
 * from here (the services' settlement is offline); a production deployment sets its own
 * `SOLANA_TREASURY`, an address whose key it holds.
 */
const DEVELOPMENT_SOLANA_TREASURY = '6tPJcLZYVtm6dGWxmpiuUG8sCgVqRXf63kqj7nLPRpP9';

/**
 * The nft service's image folder, absolute (a service runs in its own folder): beside the
 * embedded PostgreSQL's data, so one folder holds the product's state.
 */
export const nftImageDir = (options: Pick<StackOptions, 'dataDir' | 'imageDir'>): string =>
  resolve(options.imageDir ?? join(dirname(options.dataDir ?? fromRoot('.data/pg')), 'nft-images'));

/**
 * The engine workers' compile cache folder, absolute: beside the embedded PostgreSQL's data like
 * the images (`.data/compile-cache`), shared by every engine worker process the launcher starts.
 */
export const compileCacheDir = (options: Pick<StackOptions, 'dataDir'>): string =>
  resolve(join(dirname(options.dataDir ?? fromRoot('.data/pg')), 'compile-cache'));

/** Longer than the gateway's readiness probe interval (service-copies.ts). */
const GATEWAY_NOTICES_MS = 600;

/**
 * The whole product: PostgreSQL (embedded unless a URL is given), the domain and platform
 * services and the gateway on `port`. Frontends must already be built (see ensureFrontendsBuilt).
 */
export const startStack = async (options: StackOptions): Promise<RunningStack> => {
  const log = options.log ?? console.log;
  const host = options.host ?? '127.0.0.1';
  // Before anything starts: a taken port is the commonest failed start, and the cheapest to say.
  await assertPortFree(options.port, host);
  const processes: SupervisedProcess[] = [];
  let embedded: EmbeddedDatabase | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await Promise.all(processes.map((p) => p.stop()));
    await embedded?.stop();
  };
  try {
    let adminUrl = options.databaseUrl;
    let databaseUrl = options.databaseUrl;
    const imageDir = nftImageDir(options);
    if (!adminUrl) {
      const started = Date.now();
      embedded = await startEmbeddedPostgres({ dataDir: options.dataDir ?? fromRoot('.data/pg'), port: await freePort(), log: (l) => log(`[postgres] ${l}`) });
      adminUrl = embedded.url;
      const name = options.databaseName ?? 'starforge';
      if (options.resetDatabase) {
        await resetDatabase(adminUrl, name);
        // The images' rows are gone with the database: their files go too.
        await rm(imageDir, { recursive: true, force: true });
      }
      databaseUrl = await ensureDatabase(adminUrl, name);
      log(`[postgres] embedded PostgreSQL ready in ${Date.now() - started} ms`);
    }
    if (!databaseUrl) throw new Error('no database');

    const publicOrigin = options.publicOrigin ?? `http://localhost:${options.port}`;
    const copies = {} as Record<ServiceName, string[]>;
    for (const d of serviceNames) {
      const count = options.replicas?.[d] ?? 1;
      copies[d] = [];
      for (let i = 0; i < count; i++) copies[d].push(`http://127.0.0.1:${await freePort()}`);
    }
    const services = Object.fromEntries(serviceNames.map((d) => [d, copies[d][0]])) as Record<ServiceName, string>;
    const serviceCopies: { ready: string; supervised: SupervisedProcess }[] = [];
    const shared = {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      AUTH_URL: services.auth,
      // Services ask auth for its signing keys, then cache them: from whichever copy answers, so
      // one copy restarting never leaves a service without them.
      AUTH_JWKS_URL: copies.auth.map((url) => `${url}/api/auth/.well-known/jwks.json`).join(','),
      NODE_ENV: 'production',
      // The product's public origin: wallet challenges name its host, the gateway its scheme.
      PUBLIC_ORIGIN: publicOrigin,
      // Services believe X-Forwarded-For only from the gateway, which connects from loopback.
      TRUSTED_PROXIES: '127.0.0.1',
      ...options.serviceEnv,
    };
    await migrateInOrder(databaseUrl);
    const budgetWarning = await checkConnectionBudget(
      databaseUrl,
      options.replicas ?? {},
      { ...process.env, ...options.serviceEnv },
      options.engineWorkers ?? 1,
    );
    if (budgetWarning) log(`[launcher] warning: ${budgetWarning}`);
    for (const domain of serviceNames) {
      const own =
        domain === 'nft'
          ? { NFT_IMAGE_DIR: imageDir }
          : domain === 'marketplace' || domain === 'bounties'
            ? { SOLANA_TREASURY: options.solanaTreasury ?? DEVELOPMENT_SOLANA_TREASURY }
            : {};
      copies[domain].forEach((url, i) => {
        const name = copies[domain].length > 1 ? `${domain}-${i + 1}` : domain;
        const supervised = startSupervised(name, serviceEntry(domain), { ...shared, ...own, PORT: new URL(url).port }, log);
        processes.push(supervised);
        serviceCopies.push({ ready: `${url}/api/${domain}/ready`, supervised });
      });
    }
    // Beside the services, on the schema migrated above; each prints where its /health is.
    const engineWorkers = options.engineWorkers ?? 1;
    for (let i = 0; i < engineWorkers; i++) {
      const name = engineWorkers > 1 ? `${ENGINE_WORKER}-${i + 1}` : ENGINE_WORKER;
      processes.push(
        startSupervised(name, serviceEntry(ENGINE_WORKER), { ENGINE_COMPILE_CACHE_DIR: compileCacheDir(options), ...shared, ENGINE_HEALTH_PORT: '0' }, log),
      );
    }
    await Promise.all(processes.map((p) => p.listening));
    await Promise.all(serviceCopies.map((copy) => waitForOk(copy.ready)));

    const gateway = startSupervised(
      'gateway',
      serviceEntry('gateway'),
      {
        PORT: String(options.port),
        HOST: host,
        STATIC_ROOT: repoRoot,
        PUBLIC_ORIGIN: publicOrigin,
        // A service's copies, comma-separated: the gateway spreads requests over the ready ones.
        ...Object.fromEntries(serviceNames.map((d) => [`${d.toUpperCase()}_URL`, copies[d].join(',')])),
      },
      log,
    );
    processes.push(gateway);
    await gateway.listening.catch((error: unknown) => {
      // Taken between the check above and now (another launch starting at the same moment).
      if (String(error).includes('EADDRINUSE')) throw new PortTakenError(options.port, host);
      throw error;
    });
    const url = `http://localhost:${options.port}`;
    await waitForOk(`http://127.0.0.1:${options.port}/remotes.json`);

    const database = embedded;
    const crashed = new Promise<string>((resolve) => {
      void database?.exited.then((why) => {
        if (!stopping) resolve(why);
      });
    });
    const rollingRestart = async () => {
      for (const [index, { supervised, ready }] of serviceCopies.entries()) {
        log(`[launcher] rolling restart: ${supervised.name} (${index + 1} of ${serviceCopies.length})`);
        await supervised.restart();
        await waitForOk(ready);
        // The gateway asks each copy's readiness every 250 ms: it sends to this one again before the next goes.
        await new Promise((resolve) => setTimeout(resolve, GATEWAY_NOTICES_MS));
      }
      log('[launcher] rolling restart done');
    };
    return { url, databaseUrl, services, copies, rollingRestart, stop, crashed, processes: Object.fromEntries(processes.map((p) => [p.name, p])) };
  } catch (error) {
    await stop();
    throw error;
  }
};
