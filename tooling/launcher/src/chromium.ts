/** Debian's Chromium, which the e2e tests and the page benchmarks drive (no browser download exists here). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * How both launch it: headless as root needs --no-sandbox, and on a machine with no network
 * but the package registries the background-networking features fail their lookups.
 */
export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
