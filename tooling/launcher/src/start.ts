import { z } from 'zod';
import { ensureFrontendsBuilt, startStack } from './stack';

// `pnpm start`: build whatever is missing, then run the whole product until Ctrl-C.
const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_ORIGIN: z.string().url().optional(),
    DATABASE_URL: z.string().url().optional(),
    STARFORGE_DATA_DIR: z.string().optional(),
    STARFORGE_DB_NAME: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
    STARFORGE_DB_RESET: z.enum(['0', '1']).optional(),
  })
  .parse(process.env);

const log = (line: string) => console.log(line);
const started = Date.now();
log('Starforge: preparing (the first start builds six frontends; later starts skip that)');
await ensureFrontendsBuilt(log);
const stack = await startStack({
  port: env.PORT,
  host: env.HOST,
  ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.STARFORGE_DATA_DIR ? { dataDir: `${env.STARFORGE_DATA_DIR}/pg` } : {}),
  ...(env.STARFORGE_DB_NAME ? { databaseName: env.STARFORGE_DB_NAME } : {}),
  resetDatabase: env.STARFORGE_DB_RESET === '1',
  log,
});
log(`\n  ✔ Starforge is ready on ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops it)\n`);

let stopping = false;
const shutdown = async (reason: string, code: number) => {
  if (stopping) return;
  stopping = true;
  log(`Starforge: ${reason}, stopping...`);
  await stack.stop();
  log('Starforge: stopped');
  process.exit(code);
};
process.on('SIGINT', () => void shutdown('Ctrl-C', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
void stack.crashed.then((why) => shutdown(why, 1));
