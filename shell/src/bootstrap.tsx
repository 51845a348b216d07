import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { authClient, hostStore, sessionAtom } from '@starforge/host';
import { initRemotes } from './federation/remotes';
import { preloadRemotesOnIntent } from './federation/preload-on-intent';
import { App } from './app';
import { createShellRouter } from './routing/router';
import { earlyRefresh } from './session/early-refresh';
import { connectServerEventsToSession } from './session/server-events';
import { PRERENDERED_ATTRIBUTE } from './prerender/marker';

connectServerEventsToSession();
// Start both in the background: the landing page needs neither to paint.
void authClient.initialize(earlyRefresh);
void initRemotes().catch((error: unknown) => console.error('could not read the remotes map', error));
preloadRemotesOnIntent();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const options: RootOptions = {
  // React rendered again without the error (a remote's load settled between two attempts): a log
  // line, not an uncaught error; errors a boundary catches still show its message.
  onRecoverableError: (error, info) => console.warn('React recovered from an error while rendering', error, info.componentStack ?? ''),
};
const app = (
  <StrictMode>
    <App router={createShellRouter()} />
  </StrictMode>
);

// The build prerendered this path for a signed-out visitor (the gateway sends that page only to
// a browser without a session hint): hydrate it. Anything else renders from scratch.
const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE);
if (prerendered === window.location.pathname && hostStore.get(sessionAtom).status === 'signed_out') {
  hydrateRoot(container, app, options);
} else {
  container.replaceChildren();
  createRoot(container, options).render(app);
}
