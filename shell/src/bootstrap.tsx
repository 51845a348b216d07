import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@starforge/ui/styles.css';
import { authClient } from '@starforge/host';
import { initRemotes } from './federation/remotes';
import { preloadRemotesOnIntent } from './federation/preload-on-intent';
import { preloadWidgetsOnceSignedIn } from './dashboard/preload-widgets';
import { App } from './app';
import { earlyRefresh } from './session/early-refresh';
import { connectServerEventsToSession } from './session/server-events';

connectServerEventsToSession();
preloadWidgetsOnceSignedIn();
// Start both in the background: the landing page needs neither to paint.
void authClient.initialize(earlyRefresh);
void initRemotes().catch((error: unknown) => console.error('could not read the remotes map', error));
preloadRemotesOnIntent();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container, {
  // React rendered again without the error (a remote's load settled between two attempts): a log
  // line, not an uncaught error; errors a boundary catches still show its message.
  onRecoverableError: (error, info) => console.warn('React recovered from an error while rendering', error, info.componentStack ?? ''),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
