import { z } from 'zod';
import { serviceNames, type ServiceName } from '@starforge/contracts/shared';
import { ensureServicesCompiled } from './compile-services';
import { launchChain, onLaunchChainEnded } from './launch-chain';
import { assertPortFree, isPortFree, PortTakenError } from './ports';
import { ensureFrontendsBuilt, startStack, type RunningStack } from './stack';

// `pnpm start` (start.ts runs it on a supported Node.js): build whatever is missing, then run the
// whole product until Ctrl-C.
const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_ORIGIN: z.string().url().optional(),
    DATABASE_URL: z.string().url().optional(),
    STARFORGE_DATA_DIR: z.string().optional(),
    STARFORGE_DB_NAME: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .optional(),
    STARFORGE_DB_RESET: z.enum(['0', '1']).optional(),
    // Checked by the marketplace and bounties services as they start (a 32-byte base58 key).
    SOLANA_TREASURY: z.string().optional(),
    // Engine worker processes on this machine (each runs ENGINE_WORKERS contract runs at once); 0 when they all run elsewhere.
    ENGINE_WORKER_PROCESSES: z.coerce.number().int().min(0).max(16).default(1),
  })
  .parse(process.env);

const copiesSetting = z.coerce.number().int().min(1).max(16).optional();
/** `REPLICAS` copies of every service, or `REPLICAS_<SERVICE>` of one (`REPLICAS_AUTH=3`). */
const replicas = Object.fromEntries(
  serviceNames.map((d) => [d, copiesSetting.parse(process.env[`REPLICAS_${d.toUpperCase()}`] ?? process.env.REPLICAS) ?? 1]),
) as Record<ServiceName, number>;

const log = (line: string) => console.log(line);

/** The first free port after a taken one, to suggest (the next one if none is found nearby). */
const suggestPort = async (taken: number, host: string): Promise<number> => {
  for (let port = taken + 1; port <= Math.min(taken + 20, 65_535); port += 1) {
    if (await isPortFree(port, host).catch(() => false)) return port;
  }
  return taken < 65_535 ? taken + 1 : 3001;
};

/** Ends the launch in one line, never a stack trace, when the port is taken. */
const failStart = async (error: unknown): Promise<never> => {
  if (error instanceof PortTakenError) {
    console.error(`Starforge: ${error.message}. Choose another port: PORT=${await suggestPort(error.port, error.host)} npx -y pnpm@10 start`);
  } else {
    console.error('Starforge: could not start:', error);
  }
  process.exit(1);
};

const started = Date.now();
let starting: Promise<RunningStack> | undefined;
let stopping = false;
/** Stops the stack; a start in progress first gets as far as it can stop what it started. */
const shutdown = async (reason: string, code: number) => {
  if (stopping) return;
  stopping = true;
  log(`Starforge: ${reason}, stopping...`);
  const stack = await starting?.catch(() => undefined);
  await stack?.stop();
  log('Starforge: stopped');
  process.exit(code);
};
// Set before anything starts: a signal that finds no handler kills the launcher at once and leaves
// PostgreSQL and the services it had started running.
process.on('SIGINT', () => void shutdown('Ctrl-C', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
process.on('SIGHUP', () => void shutdown('SIGHUP', 0));
// Once the terminal has closed, every write to it fails (EIO): the stop must not die of its log.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
onLaunchChainEnded(launchChain(), (gone) => void shutdown(`${gone.comm} (pid ${gone.pid}), which ran this launch, has ended`, 0));

// Checked before the build and the database: nothing is started that would need stopping.
await assertPortFree(env.PORT, env.HOST).catch(failStart);
log(`Starforge: Node.js ${process.version} (${process.execPath}) runs the launcher and every service`);
log('Starforge: preparing (the first start builds six frontends; later starts skip that)');
await ensureFrontendsBuilt(log);
// Production runs the services as compiled JavaScript; `pnpm dev` keeps them under tsx.
await ensureServicesCompiled(log);
if (!stopping) {
  // startStack stops what it started (the embedded PostgreSQL, services) before it throws.
  starting = startStack({
    port: env.PORT,
    host: env.HOST,
    ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.STARFORGE_DATA_DIR ? { dataDir: `${env.STARFORGE_DATA_DIR}/pg` } : {}),
    ...(env.STARFORGE_DB_NAME ? { databaseName: env.STARFORGE_DB_NAME } : {}),
    ...(env.SOLANA_TREASURY ? { solanaTreasury: env.SOLANA_TREASURY } : {}),
    resetDatabase: env.STARFORGE_DB_RESET === '1',
    replicas,
    engineWorkers: env.ENGINE_WORKER_PROCESSES,
    log,
  });
  const stack = await starting.catch(failStart);
  if (!stopping) {
    log(
      `\n  ✔ Starforge is ready on ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops it; a service that dies is restarted)\n`,
    );
    void stack.crashed.then((why) => shutdown(why, 1));
    // SIGUSR2 restarts every copy of every service in turn (new code after a build, say); with two
    // or more copies of each (REPLICAS=2), no request fails meanwhile. (SIGHUP stops, as a closed
    // terminal means.)
    let restarting = false;
    process.on('SIGUSR2', () => {
      if (restarting || stopping) return;
      restarting = true;
      void stack
        .rollingRestart()
        .catch((error: unknown) => console.error('Starforge: the rolling restart failed:', error))
        .finally(() => {
          restarting = false;
        });
    });
  }
}
