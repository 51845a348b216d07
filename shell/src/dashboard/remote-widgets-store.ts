import { useEffect, useSyncExternalStore } from 'react';
import type { RemoteName } from '@starforge/contracts/shared';
import { loadRemoteWidgets, resetRemote } from '../federation/remotes';
import { RemoteWidgetsLoader, type RemoteWidgetsEntry } from './widgets-loader';

const loader = new RemoteWidgetsLoader(loadRemoteWidgets, resetRemote);

/**
 * A remote's dashboard widgets (see RemoteWidgetsLoader). With `visit`, mounting starts loading
 * them, or retries a remote an earlier visit found broken: the slot's frame passes it, because
 * the slot's content throws (to its boundary) while the remote is broken and never mounts.
 */
export const useRemoteWidgets = (remote: RemoteName, { visit = false } = {}): RemoteWidgetsEntry => {
  useEffect(() => {
    if (visit) loader.visit(remote);
  }, [remote, visit]);
  return useSyncExternalStore(
    loader.subscribe,
    () => loader.get(remote),
    () => loader.get(remote),
  );
};

/** Forgets the remote and loads its widgets again, for every slot it fills. */
export const retryRemoteWidgets = (remote: RemoteName): void => loader.retry(remote);
