import { remoteNames, type RemoteName } from '@starforge/contracts/shared';
import { hostStore, sessionAtom } from '@starforge/host';
import { IdlePreloader, remoteFor, remotesBehind } from './idle-preloader';
import { loadRemoteRoutes, preloadRemoteRoutes, routesWorthPreloading } from './remotes';

const started = new Set<RemoteName>();

/** How long an idle callback may wait for a quiet moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 2_000;
/** Where requestIdleCallback does not exist (Safari): a pause after which the page has usually settled. */
const NO_IDLE_CALLBACK_DELAY_MS = 300;

const whenIdle = (callback: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, NO_IDLE_CALLBACK_DELAY_MS);
};

/** Runs the callback once the page has painted something (at once if it already has). */
const afterFirstPaint = (callback: () => void): void => {
  if (performance.getEntriesByName('first-contentful-paint').length) {
    callback();
    return;
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(callback, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
};

/** A visitor who asked the browser to save data gets no speculative downloads. */
const savesData = (): boolean => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Starts loading a remote's routes as soon as a pointer rests on, or focus reaches, a link to
 * one of its screens, so the click finds it (mostly) loaded. Errors are left to the route.
 *
 * Before any intent, once the page has painted, the remotes behind the links in the page (and
 * after each route change, the new page's links) are downloaded in idle time, one remote per
 * idle callback (IdlePreloader), so a click finds their files in the cache.
 */
export const preloadRemotesOnIntent = (): void => {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const remote = remoteFor(link.pathname);
    if (!remote || started.has(remote)) return;
    started.add(remote);
    loadRemoteRoutes(remote).catch(() => started.delete(remote));
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });

  if (savesData()) return;
  const idle = new IdlePreloader({
    candidates: () =>
      remotesBehind(
        Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'), (a) => a.href),
        window.location.origin,
        hostStore.get(sessionAtom).status,
      ),
    wanted: routesWorthPreloading,
    preload: preloadRemoteRoutes,
    whenIdle,
  });
  afterFirstPaint(() => {
    // A route change replaces the page's links; new links are looked at in the next idle moment,
    // until every remote is loaded, asked for or broken.
    const observer = new MutationObserver(() => {
      if (remoteNames.some(routesWorthPreloading)) idle.linksChanged();
      else observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    // Which links lead somewhere depends on the session (a private screen sends a signed-out visitor to /auth).
    hostStore.sub(sessionAtom, () => idle.linksChanged());
    idle.linksChanged();
  });
};
