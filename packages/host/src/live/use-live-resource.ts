import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { authClient } from '../auth-client';
import { serverEvents } from '../events/server-events';
import { LiveResources, type LiveResourceSpec, type LiveResourceState } from './live-resources';

/**
 * The page's live resources (this package is a federation singleton, so widgets of different
 * remotes that read the same key share one request). A change of user forgets them all, and
 * nothing is read while nobody is signed in (the session still loading, or signed out).
 */
export const liveResources = new LiveResources(serverEvents);
liveResources.setReadable(authClient.getSession() !== null);
authClient.onAuthStateChange((event, session) => {
  liveResources.setReadable(session !== null);
  if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') liveResources.clear();
});

/**
 * Data read over HTTP and kept up to date by live events, never by polling:
 * `useLiveResource({ key: '/api/rewards/summary', load: getSummary, events: ['rewards.account_changed'] })`.
 * It is read when the first component with that key mounts, again after each listed event and
 * after a gap in the stream; components with the same key share one request and one answer.
 * `refetch` reads it again now (after an action whose answer changes it). The key and events
 * are taken when the component starts watching; the latest `load` is used.
 */
export const useLiveResource = <T>(spec: LiveResourceSpec<T>): LiveResourceState<T> & { refetch: () => void } => {
  const { key } = spec;
  const latest = useRef(spec);
  useLayoutEffect(() => {
    latest.current = spec;
  });
  const subscribe = useCallback((listener: () => void) => liveResources.watch({ ...latest.current, key, load: () => latest.current.load() }, listener), [key]);
  const snapshot = () => liveResources.snapshot<T>(key);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const refetch = useCallback(() => liveResources.refetch(key), [key]);
  return { ...state, refetch };
};
