import { useEffect, useSyncExternalStore } from 'react';
import type { RemoteName } from '@starforge/contracts';
import type { RemoteWidgetsModule } from '@starforge/host';
import { loadRemoteWidgets, resetRemote } from '../federation/remotes';

type WidgetsLoad = { status: 'loading' } | { status: 'ready'; module: RemoteWidgetsModule } | { status: 'failed'; error: unknown };

interface RemoteEntry {
  load: WidgetsLoad;
  /** Moves on at each retry: slot boundaries are keyed by it, so they mount afresh. */
  attempt: number;
  started: boolean;
}

const entries = new Map<RemoteName, RemoteEntry>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const entryOf = (remote: RemoteName): RemoteEntry => {
  let entry = entries.get(remote);
  if (!entry) {
    entry = { load: { status: 'loading' }, attempt: 0, started: false };
    entries.set(remote, entry);
  }
  return entry;
};

const start = (remote: RemoteName) => {
  const entry = entryOf(remote);
  if (entry.started) return;
  entry.started = true;
  const attempt = entry.attempt;
  loadRemoteWidgets(remote).then(
    (module) => settle(remote, attempt, { status: 'ready', module }),
    (error: unknown) => settle(remote, attempt, { status: 'failed', error }),
  );
};

const settle = (remote: RemoteName, attempt: number, load: WidgetsLoad) => {
  const entry = entryOf(remote);
  if (entry.attempt !== attempt) return;
  entry.load = load;
  entries.set(remote, { ...entry }); // a new object, so useSyncExternalStore sees the change
  notify();
};

/**
 * A remote's dashboard widgets as every slot it fills sees them: one download shared by its
 * slots (they all ask when the dashboard mounts, so the widget remotes load in parallel), and
 * one state, so a retry from any of its slots reloads it for all of them.
 */
export const useRemoteWidgets = (remote: RemoteName): RemoteEntry => {
  useEffect(() => start(remote), [remote]);
  return useSyncExternalStore(
    subscribe,
    () => entryOf(remote),
    () => entryOf(remote),
  );
};

/** Forgets the remote (as the screens' retry does) and loads its widgets afresh. */
export const retryRemoteWidgets = (remote: RemoteName): void => {
  const entry = entryOf(remote);
  resetRemote(remote);
  entries.set(remote, { load: { status: 'loading' }, attempt: entry.attempt + 1, started: false });
  notify();
  start(remote);
};
