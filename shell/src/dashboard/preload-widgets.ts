import type { createStore } from 'jotai';
import { widgetRemotes } from '@starforge/contracts';
import { hostStore, sessionAtom } from '@starforge/host';
import { preloadRemoteWidgets } from './remote-widgets-store';

type Store = ReturnType<typeof createStore>;

/** Calls `then` once, the first time the store's session is signed in (at once if it already is). */
export const onceSignedIn = (store: Store, then: () => void): (() => void) => {
  let done = false;
  const check = () => {
    if (done || store.get(sessionAtom).status !== 'signed_in') return;
    done = true;
    unsubscribe();
    then();
  };
  const unsubscribe = store.sub(sessionAtom, check);
  check();
  return unsubscribe;
};

/**
 * A signed-in visitor's home is the dashboard: as soon as the session is known to be signed in
 * (whatever screen is open), the widget remotes' manifests, entries and `./widgets` modules load
 * in parallel, so /dashboard renders its widgets instead of waiting for them. A remote that
 * fails here is tried again by the dashboard's first visit (RemoteWidgetsLoader.visit).
 */
export const preloadWidgetsOnceSignedIn = (): (() => void) =>
  onceSignedIn(hostStore, () => {
    for (const remote of widgetRemotes()) preloadRemoteWidgets(remote);
  });
