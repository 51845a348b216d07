import type { createStore } from 'jotai';
import { widgetRemotes } from '@starforge/contracts/shared';
import { hostStore, sessionAtom } from '@starforge/host';
import { preloadRemoteWidgetFiles } from '../federation/remotes';

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
 * A signed-in visitor's home is the dashboard: the first time the host store's session is signed
 * in (whatever screen is open, a sign-in in this page included), the widget remotes' manifests,
 * entries and `./widgets` chunks download in parallel (a restored session's already did, from the
 * entry script: early-widgets.ts). Nothing of them runs before /dashboard renders, so the screen
 * the visitor is on paints first; the dashboard then runs them from the cache. A download that
 * fails is left to the dashboard's load, which reports it in the slots.
 */
export const preloadWidgetsOnceSignedIn = (): (() => void) =>
  onceSignedIn(hostStore, () => {
    for (const remote of widgetRemotes()) preloadRemoteWidgetFiles(remote).catch(() => undefined);
  });
