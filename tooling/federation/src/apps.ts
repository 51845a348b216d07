import { remoteDirs, remoteNames, snapshotRoutesOf, widgetRemotes, type RemoteName } from '@starforge/contracts/shared';

/**
 * The six frontends. `exposes` is what a remote offers the shell: its route tree (and, as
 * domains grow, dashboard widgets). Paths are relative to the app's folder.
 */
export interface FrontendApp {
  name: 'shell' | RemoteName;
  dir: string;
  exposes: Record<string, string>;
  devPort: number;
  /** The shell: a script run in Node after the build with the dist folder as its argument, writing prerendered pages. */
  prerender?: string;
  /** A remote: whether the build snapshots its public screens (contracts' snapshotRoutesOf). */
  snapshots?: boolean;
}

const remoteApp = (name: RemoteName, index: number): FrontendApp => ({
  name,
  dir: remoteDirs[name],
  // A remote that fills dashboard slots also exposes its widgets, apart from its screens.
  exposes: { './routes': './src/routes.tsx', ...(widgetRemotes().includes(name) ? { './widgets': './src/widgets.tsx' } : {}) },
  devPort: 3101 + index,
  snapshots: snapshotRoutesOf(name).length > 0,
});

export const shellApp: FrontendApp = { name: 'shell', dir: 'shell', exposes: {}, devPort: 3100, prerender: 'src/prerender/main.ts' };
export const remoteApps: FrontendApp[] = remoteNames.map(remoteApp);
export const frontendApps: FrontendApp[] = [shellApp, ...remoteApps];

export const findApp = (nameOrDir: string): FrontendApp => {
  const wanted = nameOrDir.replace(/^\.\//, '').replace(/\/$/, '');
  const app = frontendApps.find((a) => a.name === wanted || a.dir === wanted || a.name === `mfe_${wanted}`);
  if (!app) throw new Error(`Unknown frontend "${nameOrDir}"; known: ${frontendApps.map((a) => a.dir).join(', ')}`);
  return app;
};
