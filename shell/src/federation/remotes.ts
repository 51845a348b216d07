import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
// Subpaths: the entry script imports this module (early-widgets.ts), so it stays small.
import { isRemotesMap, type RemoteName } from '@starforge/contracts/shared';
import type { RemoteRoutesModule, RemoteWidgetsModule } from '@starforge/host';
import { earlyRemotesMap } from './early-remotes-map';

let entries: Map<RemoteName, string> | undefined;
let ready: Promise<void> | undefined;
let early: Promise<Response | null> | null = earlyRemotesMap;

/** The entry script's answer the first time (unless it failed), a fresh request after that. */
const fetchRemotesMap = async (): Promise<Response> => {
  const first = early;
  early = null;
  return (await first) ?? fetch('/remotes.json', { cache: 'no-store' });
};

/**
 * Reads the remotes map the gateway serves and registers every remote by its manifest URL,
 * so a remote redeploys (or moves) without rebuilding the shell.
 */
export const initRemotes = (): Promise<void> =>
  (ready ??= (async () => {
    const response = await fetchRemotesMap();
    if (!response.ok) throw new Error(`remotes map answered ${response.status}`);
    const map: unknown = await response.json();
    if (!isRemotesMap(map)) throw new Error('the remotes map names no manifest for some remote');
    entries = new Map(Object.entries(map).map(([name, url]) => [name as RemoteName, new URL(url, window.location.href).toString()]));
    registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  })().catch((error: unknown) => {
    ready = undefined; // a later retry reads the map again
    throw error;
  }));

// Remotes that failed to load in this page (until a retry resets them), and those whose routes were asked for.
const failed = new Set<RemoteName>();
const routesAsked = new Set<RemoteName>();

/** Settles as `load` does, remembering whether the remote failed. */
const noting = async <T>(remote: RemoteName, load: Promise<T>): Promise<T> => {
  try {
    const result = await load;
    failed.delete(remote);
    return result;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
};

/** Loads a remote's route tree; throws when the remote cannot be reached or is malformed. */
export const loadRemoteRoutes = async (remote: RemoteName): Promise<RemoteRoutesModule> => {
  await initRemotes();
  routesAsked.add(remote);
  const module = await noting(remote, loadRemote<RemoteRoutesModule>(`${remote}/routes`));
  if (!module?.pages) throw new Error(`${remote} did not expose its routes`);
  return module;
};

/** Whether downloading a remote's routes ahead of need is worth it: not asked for yet, and not broken. */
export const routesWorthPreloading = (remote: RemoteName): boolean => !routesAsked.has(remote) && !failed.has(remote);

/**
 * Downloads a remote's manifest, entry and `./routes` chunks (and their styles) without running
 * the chunks, so a later loadRemoteRoutes finds them in the cache and costs no long task now.
 */
export const preloadRemoteRoutes = async (remote: RemoteName): Promise<void> => {
  await initRemotes();
  routesAsked.add(remote);
  await noting(remote, preloadRemote([{ nameOrAlias: remote, exposes: ['./routes'], resourceCategory: 'sync' }]));
};

const widgetPreloads = new Map<RemoteName, Promise<void>>();

/**
 * Downloads a remote's manifest, entry and `./widgets` chunks without running the chunks, once
 * (again after a failure), so the dashboard's loadRemoteWidgets finds them in the cache. Safe
 * before the shared packages are negotiated: the entry script calls it.
 */
export const preloadRemoteWidgetFiles = (remote: RemoteName): Promise<void> => {
  let preload = widgetPreloads.get(remote);
  if (!preload) {
    preload = initRemotes().then(() => preloadRemote([{ nameOrAlias: remote, exposes: ['./widgets'], resourceCategory: 'sync' }]));
    widgetPreloads.set(remote, preload);
    preload.catch(() => widgetPreloads.delete(remote));
  }
  return preload;
};

const widgetLoads = new Map<RemoteName, Promise<RemoteWidgetsModule>>();

/**
 * Loads a remote's dashboard widgets, once however many slots it fills (each slot asks; the
 * first ask downloads). Throws when the remote cannot be reached or exposes no widgets.
 */
export const loadRemoteWidgets = (remote: RemoteName): Promise<RemoteWidgetsModule> => {
  let load = widgetLoads.get(remote);
  if (!load) {
    load = (async () => {
      await initRemotes();
      const module = await noting(remote, loadRemote<RemoteWidgetsModule>(`${remote}/widgets`));
      if (!module?.widgets) throw new Error(`${remote} did not expose its widgets`);
      return module;
    })();
    widgetLoads.set(remote, load);
    load.catch(() => widgetLoads.delete(remote));
  }
  return load;
};

/** Forgets what the runtime cached for a remote, so the next load fetches it afresh. */
export const resetRemote = (remote: RemoteName): void => {
  widgetLoads.delete(remote);
  widgetPreloads.delete(remote);
  failed.delete(remote);
  const entry = entries?.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
};
