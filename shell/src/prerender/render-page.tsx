import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { hostStore, sessionAtom } from '@starforge/host';
import { App } from '../app';
import { shellRoutes } from '../routing/router';

/**
 * The shell's markup at `path` as a signed-out visitor's first render draws it, from the same
 * components the browser then hydrates.
 */
export const renderSignedOutPage = (path: string): string => {
  hostStore.set(sessionAtom, { status: 'signed_out' });
  const router = createMemoryRouter(shellRoutes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
};
