import { describe, expect, it, vi } from 'vitest';
import type { RemoteName } from '@starforge/contracts/shared';
import type { RemoteWidgetsModule } from '@starforge/host';
import { RemoteWidgetsLoader } from './widgets-loader';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const moduleA: RemoteWidgetsModule = { widgets: {} };

/** A loader whose downloads the test answers one by one. */
const scripted = () => {
  const calls: { remote: RemoteName; resolve: (m: RemoteWidgetsModule) => void; reject: (e: unknown) => void }[] = [];
  const load = (remote: RemoteName) => new Promise<RemoteWidgetsModule>((resolve, reject) => calls.push({ remote, resolve, reject }));
  return { load, calls };
};

describe('RemoteWidgetsLoader', () => {
  it('downloads each remote once however many slots ask, and the remotes in parallel', async () => {
    const { load, calls } = scripted();
    const loader = new RemoteWidgetsLoader(load, () => {});
    for (const remote of ['mfe_rewards', 'mfe_rewards', 'mfe_nft', 'mfe_rewards'] as RemoteName[]) loader.start(remote);
    expect(calls.map((c) => c.remote)).toEqual(['mfe_rewards', 'mfe_nft']);
    calls[0]?.resolve(moduleA);
    await settle();
    expect(loader.get('mfe_rewards').load).toEqual({ status: 'ready', module: moduleA });
    expect(loader.get('mfe_nft').load).toEqual({ status: 'loading' });
  });

  it('a failed remote stays failed for all its slots until a retry, which resets it and loads it again', async () => {
    const { load, calls } = scripted();
    const reset = vi.fn();
    const loader = new RemoteWidgetsLoader(load, reset);
    const changes = vi.fn();
    loader.subscribe(changes);
    loader.start('mfe_rewards');
    calls[0]?.reject(new Error('remote down'));
    await settle();
    expect(loader.get('mfe_rewards').load.status).toBe('failed');
    loader.start('mfe_rewards'); // another slot mounting does not hammer a broken remote
    expect(calls).toHaveLength(1);

    loader.retry('mfe_rewards');
    expect(reset).toHaveBeenCalledWith('mfe_rewards');
    expect(loader.get('mfe_rewards')).toEqual({ load: { status: 'loading' }, attempt: 1 });
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(moduleA);
    await settle();
    expect(loader.get('mfe_rewards')).toEqual({ load: { status: 'ready', module: moduleA }, attempt: 1 });
    expect(changes).toHaveBeenCalledTimes(3); // failed, retrying, ready
  });

  it('a new visit to the dashboard retries a remote the last visit found broken, once for all its slots', async () => {
    const { load, calls } = scripted();
    const loader = new RemoteWidgetsLoader(load, () => {});
    loader.visit('mfe_rewards');
    calls[0]?.reject(new Error('remote down'));
    await settle();
    for (let slot = 0; slot < 3; slot++) loader.visit('mfe_rewards');
    expect(calls).toHaveLength(2);
    expect(loader.get('mfe_rewards').attempt).toBe(1);
  });

  it('drops an answer that arrives after a retry started', async () => {
    const { load, calls } = scripted();
    const loader = new RemoteWidgetsLoader(load, () => {});
    loader.start('mfe_rewards');
    loader.retry('mfe_rewards');
    calls[0]?.reject(new Error('late failure of the first try'));
    await settle();
    expect(loader.get('mfe_rewards').load.status).toBe('loading');
    calls[1]?.resolve(moduleA);
    await settle();
    expect(loader.get('mfe_rewards').load.status).toBe('ready');
  });
});
