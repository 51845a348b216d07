import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { authClient } from '../auth-client';
import { serverEvents } from '../events/server-events';
import { LiveResources, type LiveResourceSpec, type LiveResourceState } from './live-resources';
import { loggedLoad, type ReadFailure } from './logged-load';

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

/** A live resource as a screen asks for it: how to read it, and what a failed read tells. */
export interface LiveReadSpec<T> extends LiveResourceSpec<T> {
  failure?: ReadFailure;
}

const readOf = <T>({ load, failure }: LiveReadSpec<T>): LiveResourceSpec<T>['load'] => (failure ? loggedLoad(load, failure) : load);

/**
 * Data read over HTTP and kept up to date by live events, never by polling:
 * `useLiveResource({ key: '/api/rewards/summary', load: getSummary, events: ['rewards.account_changed'] })`.
 * It is read when the first component with that key mounts, again after each listed event and
 * after a gap in the stream; components with the same key share one request and one answer.
 * `refetch` reads it again now, after this tab's action changed it: that read is `fresh`
 * (`LiveRead`), so a load that sends `liveReadInit(read)` asks past the server's caches. The key and events
 * are taken when the component starts watching; the latest `load` is used.
 * `failure: { what: 'the cart', announce: marketplaceMessages.loadCartFailed }` logs a failed
 * read once per request as 'the cart could not be read' (and toasts it), then fails it as usual.
 */
export const useLiveResource = <T>(spec: LiveReadSpec<T>): LiveResourceState<T> & { refetch: () => void } => {
  const { key } = spec;
  const latest = useRef(spec);
  useLayoutEffect(() => {
    latest.current = spec;
  });
  const subscribe = useCallback(
    (listener: () => void) => liveResources.watch({ ...latest.current, key, load: (read) => readOf(latest.current)(read) }, listener),
    [key],
  );
  const snapshot = () => liveResources.snapshot<T>(key);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const refetch = useCallback(() => liveResources.refetch(key, { fresh: true }), [key]);
  return { ...state, refetch };
};
