import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tooling/launcher/src/chromium';
import { E2E_JSON_REPORT } from './tooling/launcher/src/failure-recap';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

/**
 * End-to-end journeys against the whole product, started the way `pnpm start` starts it, on
 * its own port and a freshly reset database, in Debian's Chromium (no browser download).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey is a long walk (sign-up, a dozen screens); on two shared cores with two workers its
  // steps take 0.5-1 s each. Each step's own wait stays 8 s, which is what catches a real hang.
  timeout: 60_000,
  expect: { timeout: 8_000 },
  // The JSON report is what `pnpm test` reads to end its output with the journeys that failed.
  reporter: [['list'], ['json', { outputFile: E2E_JSON_REPORT }], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    baseURL,
    // The night sky draws 20 frames a second on every open page, and Debian's Chromium composites
    // them in software: about a quarter of a core per page (gpu process and renderer), measured
    // 2026-11-28. Two workers' skies took a third of the journeys' time on two cores (the nft,
    // marketplace and auth journeys: 152 s animating, 106 s still). Journeys see the still sky a
    // visitor with reduced motion sees; landing.spec.ts and sky.spec.ts test the moving one.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The README's start; on the machine's older Node.js, start.ts runs itself again on the
    // workspace's Node 24 (README, "Which Node.js runs the product").
    command: 'node --import tsx tooling/launcher/src/start.ts',
    url: `${baseURL}/remotes.json`,
    timeout: 10 * 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      STARFORGE_DATA_DIR: '.data-e2e',
      STARFORGE_DB_NAME: 'starforge_e2e',
      STARFORGE_DB_RESET: '1',
      // Every journey signs in from 127.0.0.1, and the accessibility walk signs its showcase accounts
      // in once a visit (18 visits as the creator, two at a time: past 10 a minute on a quick
      // machine, the CI run of 2026-11-28 was refused one); the per-IP and per-account limits are
      // tested in services/auth's tests.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    },
  },
});
