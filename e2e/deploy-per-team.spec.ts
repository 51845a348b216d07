import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * A team deploys its remote alone: mfe_bounties' build, a folder of static files, is served by a
 * static host on a second origin, and a gateway whose REMOTES_MAP points there serves the shell.
 * The team redeploys with a visible change while that gateway keeps running; the open page shows
 * the new release on its next load, and the browser reports no CSP violation on either.
 */
const repoRoot = resolve(import.meta.dirname, '..');
const TAGLINE = 'Take part in bug bounties for free; post your own with Pro.';
const REDEPLOYED = 'Take part in bug bounties for free; post your own with Pro. (release 2)';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A plain static host: files of the current release, CORS open (the manifest is fetched cross-origin), revalidated on every load. */
const staticHost = async (release: () => string): Promise<{ server: Server; origin: string }> => {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    readFile(join(release(), path.replace(/\.\.+/g, '')))
      .then((body) => {
        res.writeHead(200, {
          'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
          'access-control-allow-origin': '*',
        });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(404).end();
      });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

/** A release of the remote: its built files, with the visible change written into the scripts that carry the tagline. */
const release = async (into: string, change?: [string, string]): Promise<string> => {
  await cp(join(repoRoot, 'mfe-bounties/dist'), into, { recursive: true });
  if (!change) return into;
  let changed = 0;
  for (const name of await readdir(into)) {
    if (!name.endsWith('.js')) continue;
    const text = await readFile(join(into, name), 'utf8');
    if (!text.includes(change[0])) continue;
    await writeFile(join(into, name), text.replaceAll(change[0], change[1]));
    changed += 1;
  }
  if (changed === 0) throw new Error('the tagline is in none of the built scripts');
  return into;
};

/** A second gateway over the same services (reached through the product's own gateway), with mfe_bounties pointed at the static host. */
const startGateway = async (productUrl: string, remoteOrigin: string): Promise<{ child: ChildProcess; url: string }> => {
  const services = Object.fromEntries(['AUTH', 'NFT', 'MARKETPLACE', 'BOUNTIES', 'REWARDS', 'EVENTS'].map((s) => [`${s}_URL`, productUrl]));
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'services/gateway/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...services,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_ROOT: repoRoot,
      REMOTES_MAP: JSON.stringify({ mfe_bounties: `${remoteOrigin}/mf-manifest.json` }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) done(`http://localhost:${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the gateway exited (${code}):\n${output}`)));
  });
  return { child, url };
};

test('a remote deployed from a second origin is redeployed while the shell runs; the open page picks it up on its next load, with no CSP error', async ({
  page,
  baseURL,
}) => {
  const work = await mkdtemp(join(tmpdir(), 'starforge-deploy-'));
  let current = await release(join(work, 'release-1'));
  const host = await staticHost(() => current);
  const gateway = await startGateway(baseURL!.replace('localhost', '127.0.0.1'), host.origin);
  try {
    const violations: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
    });
    page.on('console', (message) => {
      if (message.text().startsWith('CSP:')) violations.push(message.text());
    });

    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(host.origin)) remoteRequests.push(request.url());
    });
    const csp = (await page.goto(`${gateway.url}/pricing`))?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' ${host.origin}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.getByText(TAGLINE, { exact: true })).toBeVisible();
    expect(remoteRequests.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);

    // The team ships release 2; the gateway and the shell are not touched.
    current = await release(join(work, 'release-2'), [TAGLINE, REDEPLOYED]);
    await page.reload();
    await expect(page.getByText(REDEPLOYED, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    expect(gateway.child.exitCode).toBeNull();

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    gateway.child.kill('SIGTERM');
    host.server.close();
    await rm(work, { recursive: true, force: true });
  }
});
