import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_ROOT, OUTLET_MARKER, type ScreenSnapshot } from '@starforge/contracts/shared';
import { DOWN, rawRequest, startGateway, testConfig } from './testing';

const staticRoot = mkdtempSync(join(tmpdir(), 'gateway-pages-'));
const shellDist = join(staticRoot, 'shell/dist');
const authDist = join(staticRoot, 'mfe-auth/dist');
const head = '<!doctype html><html><head><title>Starforge</title></head><body>';
const index = `${head}<div id="root"></div></body></html>`;
const landing = `${head}<div id="root" data-prerendered="/"><h1>The Future of Web3 Testing</h1></div></body></html>`;
const frame = `${head}${FRAME_ROOT}<canvas class="sf-starfield"></canvas><div class="sf-app">${OUTLET_MARKER}</div></div></body></html>`;
const authSnapshot: ScreenSnapshot = {
  path: '/auth',
  html: '<main class="auth-page"><h1 id="auth-title">Welcome Back</h1></main>',
  stylesheets: ['routes.0123abcd.css'],
};

mkdirSync(shellDist, { recursive: true });
mkdirSync(join(authDist, 'snapshots'), { recursive: true });
writeFileSync(join(shellDist, 'index.html'), index);
writeFileSync(join(shellDist, 'landing.html'), landing);
writeFileSync(join(shellDist, 'frame.html'), frame);
const writeSnapshot = (snapshot: unknown) => writeFileSync(join(authDist, 'snapshots/auth.json'), JSON.stringify(snapshot));
writeSnapshot(authSnapshot);

let gw: Awaited<ReturnType<typeof startGateway>>;
let elsewhere: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gw = await startGateway(testConfig(DOWN, { staticRoot }), { shellRecheckMs: 0 });
  elsewhere = await startGateway(
    testConfig(DOWN, { staticRoot, remotes: { ...testConfig(DOWN).remotes, mfe_auth: 'https://auth.example.com/mf-manifest.json' } }),
    { shellRecheckMs: 0 },
  );
});
afterAll(async () => {
  await gw.close();
  await elsewhere.close();
});

const HINT = { cookie: 'theme=dark; sf_session=1' };

describe('the pages a shell route answers with', () => {
  it('sends the prerendered landing at / to a visitor without the session hint, the plain shell with it', async () => {
    const guest = await rawRequest(`${gw.url}/`);
    expect(guest.body).toBe(landing);
    expect(guest.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(guest.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await rawRequest(`${gw.url}/`, { headers: HINT })).body).toBe(index);
    expect((await rawRequest(`${gw.url}/dashboard`)).body).toBe(index);
  });

  it("puts the remote's snapshot of /auth, inert, into the shell's frame, with the remote's stylesheet linked", async () => {
    const page = (await rawRequest(`${gw.url}/auth`)).body;
    expect(page).toBe(
      `<!doctype html><html><head><title>Starforge</title><link href="/mfe/mfe_auth/routes.0123abcd.css" rel="stylesheet"></head><body><div id="root" data-snapshot="/auth"><canvas class="sf-starfield"></canvas><div class="sf-app"><div class="sf-snapshot" inert=""><main class="auth-page"><h1 id="auth-title">Welcome Back</h1></main></div></div></div></body></html>`,
    );
    expect((await rawRequest(`${gw.url}/auth`, { headers: HINT })).body).toBe(index);
    // Private screens, and paths that only look like /auth, never get a snapshot.
    expect((await rawRequest(`${gw.url}/settings`)).body).toBe(index);
    expect((await rawRequest(`${gw.url}/auth/x`)).body).toBe(index);
  });

  it('serves the plain shell when the remote is deployed elsewhere, or its snapshot is missing or malformed, and picks up a rebuilt one', async () => {
    expect((await rawRequest(`${elsewhere.url}/auth`)).body).toBe(index);
    try {
      writeSnapshot({ ...authSnapshot, stylesheets: ['"><script>alert(1)</script>.css'] });
      expect((await rawRequest(`${gw.url}/auth`)).body).toBe(index);
      rmSync(join(authDist, 'snapshots/auth.json'));
      expect((await rawRequest(`${gw.url}/auth`)).body).toBe(index);
      writeSnapshot({ ...authSnapshot, html: '<main><h1>Welcome Back, rebuilt</h1></main>' });
      expect((await rawRequest(`${gw.url}/auth`)).body).toContain('Welcome Back, rebuilt');
    } finally {
      writeSnapshot(authSnapshot);
    }
  });

  it('falls back to the plain shell where nothing was prerendered', async () => {
    rmSync(join(shellDist, 'landing.html'));
    rmSync(join(shellDist, 'frame.html'));
    try {
      expect((await rawRequest(`${gw.url}/`)).body).toBe(index);
      expect((await rawRequest(`${gw.url}/auth`)).body).toBe(index);
    } finally {
      writeFileSync(join(shellDist, 'landing.html'), landing);
      writeFileSync(join(shellDist, 'frame.html'), frame);
    }
  });
});
