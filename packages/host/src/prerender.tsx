import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { snapshotFileName, type ScreenSnapshot } from '@starforge/contracts/shared';
import { sessionAtom } from './session';
import { hostStore } from './store';

/**
 * Build-time only (Node): a screen's markup as a signed-out visitor's first render draws it.
 * Imported by a remote's prerender script through `@starforge/host/prerender`, never by a page.
 */
export const renderSignedOutScreen = (path: string, Screen: ComponentType): string => {
  hostStore.set(sessionAtom, { status: 'signed_out' });
  const router = createMemoryRouter([{ path, element: <Screen /> }], { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <Provider store={hostStore}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
};

interface RoutesManifest {
  exposes?: { path: string; assets: { css: { sync: string[]; async: string[] } } }[];
}

/**
 * Writes a snapshot of each of a remote's `paths` into `dist/snapshots/` (see ScreenSnapshot in
 * contracts): the gateway shows it inside the shell's frame until the remote has loaded.
 */
export const writeScreenSnapshots = async (distDir: string, pages: Record<string, ComponentType>, paths: string[]): Promise<void> => {
  const manifest = JSON.parse(await readFile(join(distDir, 'mf-manifest.json'), 'utf8')) as RoutesManifest;
  const routes = manifest.exposes?.find((e) => e.path === './routes');
  if (!routes) throw new Error('mf-manifest.json exposes no ./routes');
  await mkdir(join(distDir, 'snapshots'), { recursive: true });
  for (const path of paths) {
    const Screen = pages[path];
    if (!Screen) throw new Error(`no page for ${path}`);
    const snapshot: ScreenSnapshot = { path, html: renderSignedOutScreen(path, Screen), stylesheets: routes.assets.css.sync };
    await writeFile(join(distDir, 'snapshots', snapshotFileName(path)), JSON.stringify(snapshot));
  }
};
