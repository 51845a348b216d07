import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { CHROMIUM_PATH } from './chromium';
import { ensureServicesCompiled } from './compile-services';
import { repoRoot } from './paths';
import { ensureFrontendsBuilt } from './stack';

// `pnpm test`: every check there is — types, lint and unused code (Biome, knip), units and
// service tests on a real PostgreSQL (vitest), then the end-to-end journeys in Debian's Chromium
// (Playwright) against the built product.

const run = (label: string, command: string, args: string[]): boolean => {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  return result.status === 0;
};

const ensureChromium = (): void => {
  if (existsSync(CHROMIUM_PATH)) return;
  if (userInfo().uid !== 0) {
    console.error(`Playwright drives Debian's Chromium at ${CHROMIUM_PATH}; install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log("=== installing Debian's Chromium for the end-to-end tests");
  if (
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0 ||
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status !== 0
  ) {
    console.error('could not install chromium with apt-get');
    process.exit(1);
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

const bin = (name: string) => `${repoRoot}/node_modules/.bin/${name}`;
ensureChromium();
const results = {
  typecheck: run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  lint: run('lint', bin('biome'), ['check', '--error-on-warnings', '.']) && run('unused code', bin('knip'), []),
  build: await buildWhatIsMissing(),
  'unit and service tests': run('unit and service tests', bin('vitest'), ['run']),
  'end-to-end tests': run('end-to-end tests', bin('playwright'), ['test']),
};
const failed = Object.entries(results)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
console.log(failed.length ? `\nFAILED: ${failed.join(', ')}` : '\nAll test suites passed.');
process.exit(failed.length ? 1 : 0);
