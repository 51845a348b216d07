import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { hostStore, sessionAtom } from '@starforge/host';
import { App } from '../app';
import { AppLayout } from '../layout/app-layout';
import { shellRoutes } from '../routing/router';

const render = (routes: RouteObject[], path: string): string => {
  hostStore.set(sessionAtom, { status: 'signed_out' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
};

/**
 * The shell's markup at `path` as a signed-out visitor's first render draws it, from the same
 * components the browser then hydrates.
 */
export const renderSignedOutPage = (path: string): string => render(shellRoutes, path);

/** Where a screen goes in the frame (contracts' OUTLET_MARKER is how React renders it). */
function OutletMarker() {
  return <template data-sf-outlet="" />;
}

/** The layout every screen sits in (sky, toaster), with the outlet marked for a remote's snapshot. */
export const renderFrame = (): string => render([{ element: <AppLayout />, children: [{ path: '*', element: <OutletMarker /> }] }], '/frame');
