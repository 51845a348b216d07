import { matchPath } from 'react-router-dom';
import { routeTable, type RemoteName, type RouteAccess } from '@starforge/contracts/shared';
import type { SessionState } from '@starforge/host';

const routeOf = (pathname: string) => routeTable.find((route) => matchPath(route.path, pathname));

/** The remote that serves a path of this origin, if any. */
export const remoteFor = (pathname: string): RemoteName | undefined => routeOf(pathname)?.remote;

/** Whether the guards would show the screen to this visitor, rather than send them elsewhere. */
const opens = (access: RouteAccess, session: SessionState['status']): boolean =>
  access === 'public' || (access === 'private' ? session === 'signed_in' : session === 'signed_out');

/**
 * The remotes behind links (absolute hrefs) to `origin` whose screens the visitor would see, each
 * once, in the order of the links: a signed-out visitor's link to a private screen leads to /auth,
 * so it preloads nothing, and while the session is unknown only public screens count.
 */
export const remotesBehind = (hrefs: Iterable<string>, origin: string, session: SessionState['status']): RemoteName[] => {
  const remotes = new Set<RemoteName>();
  for (const href of hrefs) {
    const url = new URL(href, origin);
    if (url.origin !== origin) continue;
    const route = routeOf(url.pathname);
    if (route?.remote && opens(route.access, session)) remotes.add(route.remote);
  }
  return [...remotes];
};

export interface IdlePreloaderDeps {
  /** The remotes behind the links now in the page, in the order to preload them. */
  candidates: () => RemoteName[];
  /** Whether a remote still needs preloading (not loaded or asked for some other way, not broken). */
  wanted: (remote: RemoteName) => boolean;
  preload: (remote: RemoteName) => Promise<unknown>;
  /** Runs the callback when the browser is next idle. */
  whenIdle: (callback: () => void) => void;
}

/**
 * Preloads the remotes behind a page's links in the browser's idle time, one remote per idle
 * callback: the next one is asked for only once the previous preload has settled, so the work
 * never piles up into long tasks. Each remote is tried once; a remote that failed (here or in
 * any other load) is never preloaded again.
 */
export class IdlePreloader {
  private readonly tried = new Set<RemoteName>();
  private scheduled = false;
  private busy = false;

  constructor(private readonly deps: IdlePreloaderDeps) {}

  /** The page's links may have changed (first paint, a route change): look at them when idle. */
  linksChanged(): void {
    if (this.scheduled || this.busy) return;
    this.scheduled = true;
    this.deps.whenIdle(() => this.preloadNext());
  }

  private preloadNext(): void {
    this.scheduled = false;
    const next = this.deps.candidates().find((remote) => !this.tried.has(remote) && this.deps.wanted(remote));
    if (!next) return; // nothing to do until the links change
    this.tried.add(next);
    this.busy = true;
    this.deps
      .preload(next)
      .catch(() => undefined) // noted by the loader; the screen reports it if the visitor goes there
      .finally(() => {
        this.busy = false;
        this.linksChanged();
      });
  }
}
