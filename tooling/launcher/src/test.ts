import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { serviceNames } from '@starforge/contracts/shared';
import { ensureDebianPackage } from './apt';
import { CHROMIUM_PATH } from './chromium';
import { DEBIAN_VITEST_JSON_REPORT, E2E_JSON_REPORT, playwrightFailures, readReport, VITEST_JSON_REPORT, vitestFailures } from './failure-recap';
import { ensureServicesCompiled } from './compile-services';
import { repoRoot } from './paths';
import { ensureFrontendsBuilt } from './stack';
import { findDebianPostgres, startThrowawayPostgres } from './system-postgres';
import { runOnSupportedNode } from './workspace-node';

// `pnpm test`: every check there is — types, lint and unused code (Biome, knip), units and
// service tests on a real PostgreSQL (vitest), then the end-to-end journeys in Debian's Chromium
// (Playwright) against the built product, and last the service tests again on Debian's own
// PostgreSQL server, a second target beside the embedded one.

const label = (name: string, command: string, args: string[]) => console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);

const run = (name: string, command: string, args: string[]): boolean => {
  label(name, command, args);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  return result.status === 0;
};

const bin = (name: string) => `${repoRoot}/node_modules/.bin/${name}`;

/**
 * The test files that reach the database: every service's (each runs its routes and SQL on the
 * real server) and the kit's (service-kit: migrator, jobs, events, idempotency, caches; test-db:
 * the harness). Left out: the frontends, contracts, host and ui (no database), the gateway (it
 * proxies, its tests need none) and the launcher (its one database test is about supervision).
 */
const DATABASE_TEST_DIRS = [...serviceNames.map((name) => `services/${name}/`), 'packages/service-kit/', 'tooling/test-db/'];

/**
 * The service tests on a throwaway cluster of Debian's `postgresql` (installed when missing),
 * connecting as a role that may only log in and create databases. The cluster is stopped and its
 * folder removed however the tests end; an interrupt is passed on to vitest first.
 */
const serviceTestsOnDebianPostgres = async (name: string): Promise<boolean> => {
  const installed = () => findDebianPostgres() !== undefined;
  if (!ensureDebianPackage({ name: 'postgresql', purpose: `the ${name} need it`, installed })) return false;
  const bins = findDebianPostgres()!;
  const started = Date.now();
  const server = await startThrowawayPostgres({ bins }).catch((error: unknown) => {
    console.error(`=== ${name}: could not start Debian's PostgreSQL`, error);
    return undefined;
  });
  if (!server) return false;
  const args = ['run', ...vitestReporters(DEBIAN_VITEST_JSON_REPORT), ...DATABASE_TEST_DIRS];
  label(`${name} (PostgreSQL ${server.major} from ${bins.nativeDir}, role starforge)`, bin('vitest'), args);
  const vitest = spawn(bin('vitest'), args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DATABASE_URL: server.url } });
  let interrupted: NodeJS.Signals | undefined;
  const passOn = (signal: NodeJS.Signals) => {
    interrupted = signal;
    vitest.kill(signal);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, passOn);
  try {
    const code = await new Promise<number | null>((resolve) => {
      vitest.on('error', () => resolve(null));
      vitest.on('close', resolve);
    });
    return code === 0;
  } finally {
    await server.stop();
    for (const signal of signals) process.off(signal, passOn);
    console.log(`=== ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s with the server's start and stop`);
    if (interrupted) {
      console.error(`${interrupted}: stopped Debian's PostgreSQL and removed its cluster`);
      process.exit(130);
    }
  }
};

/**
 * Before the tests that start the product (the README's start command, the end-to-end journeys):
 * so that a fresh checkout builds its frontends here, not inside a test beside others.
 */
const buildWhatIsMissing = async (): Promise<boolean> => {
  console.log('\n=== build what is missing: frontends, services');
  try {
    await ensureFrontendsBuilt(console.log);
    await ensureServicesCompiled(console.log);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
};

const ensureChromium = (): void => {
  const installed = () => existsSync(CHROMIUM_PATH);
  if (!ensureDebianPackage({ name: 'chromium', purpose: `Playwright drives it at ${CHROMIUM_PATH} for the end-to-end tests`, installed })) process.exit(1);
};

/** vitest's usual output, and a JSON report for the recap at the end. */
const vitestReporters = (file: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

/** The failed tests of each suite, named again as the last lines of the output (see failure-recap.ts). */
const recapFailures = () => {
  const recap = [
    ...vitestFailures(readReport(`${repoRoot}/${VITEST_JSON_REPORT}`) ?? {}, repoRoot),
    ...playwrightFailures(readReport(`${repoRoot}/${E2E_JSON_REPORT}`) ?? {}),
    ...vitestFailures(readReport(`${repoRoot}/${DEBIAN_VITEST_JSON_REPORT}`) ?? {}, repoRoot).map((line) => `${line} (on Debian's PostgreSQL)`),
  ];
  if (recap.length) console.log(`\n=== what failed, or passed only when retried:\n${recap.join('\n')}`);
};

await runOnSupportedNode();
console.log(`pnpm test on Node.js ${process.version}`);
ensureChromium();
for (const report of [VITEST_JSON_REPORT, E2E_JSON_REPORT, DEBIAN_VITEST_JSON_REPORT]) rmSync(`${repoRoot}/${report}`, { force: true });
const results = {
  typecheck: run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  lint: run('lint', bin('biome'), ['check', '--error-on-warnings', '.']) && run('unused code', bin('knip'), []),
  build: await buildWhatIsMissing(),
  'unit and service tests': run('unit and service tests', bin('vitest'), ['run', ...vitestReporters(VITEST_JSON_REPORT)]),
  'end-to-end tests': run('end-to-end tests', bin('playwright'), ['test']),
  'service tests on Debian PostgreSQL': await serviceTestsOnDebianPostgres('service tests on Debian PostgreSQL'),
};
const failed = Object.entries(results)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
recapFailures();
console.log(failed.length ? `\nFAILED: ${failed.join(', ')}` : '\nAll test suites passed.');
process.exit(failed.length ? 1 : 0);
