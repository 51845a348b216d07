import { describe, expect, it } from 'vitest';
import type { RemoteName } from '@starforge/contracts/shared';
import { IdlePreloader, remotesBehind } from './idle-preloader';

const origin = 'https://starforge.example';

describe('remotesBehind', () => {
  const links = [
    `${origin}/`,
    `${origin}/nfts`,
    `${origin}/nft/42`,
    `${origin}/pricing?plan=pro`,
    `${origin}/auth`,
    `${origin}/dashboard`,
    'https://elsewhere.example/marketplace',
    `${origin}/marketplace#top`,
    `${origin}/no-such-screen`,
  ];

  it('names each remote once, in the order of its first link, for a signed-in visitor', () => {
    expect(remotesBehind(links, origin, 'signed_in')).toEqual(['mfe_nft', 'mfe_bounties', 'mfe_marketplace']);
  });

  it('leaves out private screens for a signed-out visitor and guest screens for a signed-in one', () => {
    expect(remotesBehind(links, origin, 'signed_out')).toEqual(['mfe_bounties', 'mfe_auth']);
  });

  it('counts only public screens while the session is unknown', () => {
    expect(remotesBehind(links, origin, 'loading')).toEqual(['mfe_bounties']);
  });
});

/** An idle preloader whose idle moments and downloads the test releases by hand. */
const harness = (initial: RemoteName[], wanted: (remote: RemoteName) => boolean = () => true) => {
  let candidates = initial;
  const idleCallbacks: (() => void)[] = [];
  const downloads: { remote: RemoteName; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const preloader = new IdlePreloader({
    candidates: () => candidates,
    wanted,
    preload: (remote) => new Promise<void>((resolve, reject) => downloads.push({ remote, resolve, reject })),
    whenIdle: (callback) => idleCallbacks.push(callback),
  });
  return {
    preloader,
    downloads,
    idleCallbacks,
    setLinks: (next: RemoteName[]) => {
      candidates = next;
    },
    /** Runs the pending idle callback. */
    idle: () => idleCallbacks.shift()?.(),
  };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('IdlePreloader', () => {
  it('waits for an idle moment, then preloads one remote per idle callback, each after the last settled', async () => {
    const h = harness(['mfe_auth', 'mfe_nft']);
    h.preloader.linksChanged();
    h.preloader.linksChanged();
    expect(h.downloads).toHaveLength(0);
    expect(h.idleCallbacks).toHaveLength(1);

    h.idle();
    expect(h.downloads.map((d) => d.remote)).toEqual(['mfe_auth']);
    h.preloader.linksChanged(); // a change while a download runs asks for nothing more yet
    expect(h.idleCallbacks).toHaveLength(0);

    h.downloads[0]?.resolve();
    await settle();
    expect(h.idleCallbacks).toHaveLength(1);
    h.idle();
    expect(h.downloads.map((d) => d.remote)).toEqual(['mfe_auth', 'mfe_nft']);
    h.downloads[1]?.resolve();
    await settle();
    h.idle();
    expect(h.downloads).toHaveLength(2);
    expect(h.idleCallbacks).toHaveLength(0); // nothing left: quiet until the links change
  });

  it('never tries a remote twice, and goes on to the next after a failure', async () => {
    const h = harness(['mfe_auth', 'mfe_nft']);
    h.preloader.linksChanged();
    h.idle();
    h.downloads[0]?.reject(new Error('remote down'));
    await settle();
    h.idle();
    expect(h.downloads.map((d) => d.remote)).toEqual(['mfe_auth', 'mfe_nft']);
    h.downloads[1]?.resolve();
    await settle();
    h.setLinks(['mfe_auth', 'mfe_nft']);
    h.preloader.linksChanged();
    h.idle();
    expect(h.downloads).toHaveLength(2);
  });

  it('skips remotes that are not wanted (loaded, asked for, or broken)', async () => {
    const broken = new Set<RemoteName>(['mfe_auth']);
    const h = harness(['mfe_auth', 'mfe_rewards'], (remote) => !broken.has(remote));
    h.preloader.linksChanged();
    h.idle();
    expect(h.downloads.map((d) => d.remote)).toEqual(['mfe_rewards']);
  });

  it("after a route change, preloads the new page's remotes", async () => {
    const h = harness(['mfe_auth']);
    h.preloader.linksChanged();
    h.idle();
    h.downloads[0]?.resolve();
    await settle();
    h.idle();
    h.setLinks(['mfe_marketplace', 'mfe_auth']);
    h.preloader.linksChanged();
    h.idle();
    expect(h.downloads.map((d) => d.remote)).toEqual(['mfe_auth', 'mfe_marketplace']);
  });
});
