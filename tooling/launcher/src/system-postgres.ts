import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort } from './ports';
import { binariesIn, initCluster, isRoot, postgresIds, runProgram, serveCluster, type Binaries } from './postgres';

/**
 * Debian's PostgreSQL server (`apt-get install postgresql`) as a second target for the service
 * tests: a throwaway cluster in a temporary folder, so the product is tried on a server it did
 * not bring (another major version, Debian's build) and as a role that is not a superuser.
 */

/** Where Debian installs each major version's server programs (they are not on the PATH). */
const DEBIAN_POSTGRESQL_DIR = '/usr/lib/postgresql';

/** The newest major version installed under `root` (`<root>/<major>/bin/{postgres,initdb}`), if any. */
export const findDebianPostgres = (root = DEBIAN_POSTGRESQL_DIR): Binaries | undefined => {
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const usable = majors.filter((major) => existsSync(join(root, major, 'bin/postgres')) && existsSync(join(root, major, 'bin/initdb')));
  const newest = usable.sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : binariesIn(join(root, newest));
};

/** The role the tests connect as: it may log in and create databases, nothing more. */
const APP_ROLE = 'starforge';
const DIR_PREFIX = 'starforge-pg-';
/** Holds the pid of the process that made the folder, so a later run can tell a leftover. */
const OWNER_FILE = 'owner.pid';

export interface ThrowawayPostgres {
  /** `postgres://starforge:…@127.0.0.1:<port>/postgres`: a role with LOGIN and CREATEDB only. */
  url: string;
  /** The server's major version. */
  major: string;
  /** The temporary folder that holds the cluster (`<tmpdir>/starforge-pg-…`). */
  dir: string;
  /** Stops the server and removes its folder (safe to call more than once). */
  stop: () => Promise<void>;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Stops and removes clusters whose maker is gone (a run killed with SIGKILL cannot clean up):
 * its server would otherwise live on, holding memory and a port.
 */
const removeLeftovers = async (bins: Binaries, log: (line: string) => void): Promise<void> => {
  const ids = isRoot() ? postgresIds() : undefined;
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const owner = Number(await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => 'NaN'));
    if (!Number.isInteger(owner) || isAlive(owner)) continue;
    log(`removing a PostgreSQL cluster left by an earlier run (${dir})`);
    if (existsSync(join(dir, 'data/postmaster.pid')))
      await runProgram(bins.pgCtl, ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w'], ids).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * A new cluster from `bins` in a temporary folder owned by the `postgres` user (when root), on a
 * free loopback port, with a random superuser password and the role `starforge` (LOGIN CREATEDB,
 * its own random password). Call `stop()` when done, also after a failure or an interrupt.
 */
export const startThrowawayPostgres = async ({ bins, log = () => {} }: { bins: Binaries; log?: (line: string) => void }): Promise<ThrowawayPostgres> => {
  await removeLeftovers(bins, log);
  const ids = isRoot() ? postgresIds() : undefined;
  const dir = await mkdtemp(join(tmpdir(), DIR_PREFIX));
  let server: Awaited<ReturnType<typeof serveCluster>> | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    })());
  try {
    await writeFile(join(dir, OWNER_FILE), String(process.pid));
    if (ids) await chown(dir, ids.uid, ids.gid);
    const clusterDir = join(dir, 'data');
    const superPassword = randomBytes(16).toString('hex');
    await initCluster({ bins, clusterDir, password: superPassword, ids });
    const port = await freePort();
    server = await serveCluster({
      bins,
      clusterDir,
      port,
      ids,
      // Debian's defaults but one: as many connections as the embedded server allows, since vitest
      // runs test files side by side, each with its own pools (and one test holds 120 at once).
      settings: { max_connections: '300' },
      log,
    });
    const appPassword = randomBytes(16).toString('hex');
    const admin = postgres(`postgres://postgres:${superPassword}@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
    let major: string;
    try {
      // Both names are ours and the password is hex: nothing here comes from outside.
      await admin.unsafe(`create role ${APP_ROLE} login createdb password '${appPassword}'`);
      const [row] = await admin<{ major: number }[]>`select current_setting('server_version_num')::int / 10000 as major`;
      major = String(row?.major);
    } finally {
      await admin.end();
    }
    return { url: `postgres://${APP_ROLE}:${appPassword}@127.0.0.1:${port}/postgres`, major, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
