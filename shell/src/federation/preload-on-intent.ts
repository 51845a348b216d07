import { matchPath } from 'react-router-dom';
import { routeTable, type RemoteName } from '@starforge/contracts';
import { loadRemoteRoutes } from './remotes';

const remoteFor = (pathname: string): RemoteName | undefined => routeTable.find((route) => route.remote && matchPath(route.path, pathname))?.remote;

const started = new Set<RemoteName>();

/**
 * Starts loading a remote's routes as soon as a pointer rests on, or focus reaches, a link to
 * one of its screens, so the click finds it (mostly) loaded. Errors are left to the route.
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
};
