import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { PRERENDERED_ATTRIBUTE, SNAPSHOT_ATTRIBUTE, snapshotRoute } from '@starforge/contracts/shared';
import { authClient, hostStore, sessionAtom } from '@starforge/host';
import { initRemotes } from '../federation/remotes';
import { preloadRemoteScreen } from '../federation/remote-page';
import { preloadRemotesOnIntent } from '../federation/preload-on-intent';
import { preloadWidgetsOnceSignedIn } from '../dashboard/preload-widgets';
import { App } from '../app';
import { createShellRouter } from '../routing/router';
import { takeEarlyClicks } from '../prerender/early-clicks';
import { earlyRefresh } from '../session/early-refresh';
import { connectServerEventsToSession } from '../session/server-events';
import { nextTask } from './next-task';

const options: RootOptions = {
  // React rendered again without the error (a remote's load settled between two attempts): a log
  // line, not an uncaught error; errors a boundary catches still show its message.
  onRecoverableError: (error, info) => console.warn('React recovered from an error while rendering', error, info.componentStack ?? ''),
};

/**
 * Starts the session, the remotes and the router, then renders (or hydrates) the page. The
 * router is created in a task after the services start and the page renders in another, so a
 * phone's main thread is never held by the whole start at once.
 */
export const startShell = async (): Promise<void> => {
  connectServerEventsToSession();
  preloadWidgetsOnceSignedIn();
  // Start both in the background: the landing page needs neither to paint.
  void authClient.initialize(earlyRefresh);
  void initRemotes().catch((error: unknown) => console.error('could not read the remotes map', error));
  preloadRemotesOnIntent();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  // Read as the auth client starts, before any answer can arrive: what the page was served for.
  const here = window.location.pathname;
  const signedOut = hostStore.get(sessionAtom).status === 'signed_out';
  const snapshotOf = container.getAttribute(SNAPSHOT_ATTRIBUTE);
  const snapshotRemote = snapshotOf === here && signedOut ? snapshotRoute(here)?.remote : undefined;
  const hydrate = container.getAttribute(PRERENDERED_ATTRIBUTE) === here && signedOut;

  await nextTask();
  const app = (
    <StrictMode>
      <App router={createShellRouter()} />
    </StrictMode>
  );
  await nextTask();

  if (hydrate) {
    // The build prerendered this screen for a signed-out visitor from these same components (the
    // gateway sends it only to a browser without a session hint): hydrate it. In a transition, so
    // React hydrates in slices that leave the main thread free between them (the page is already
    // painted; nothing waits on the hydration but the first click, which React then hurries).
    startTransition(() => {
      hydrateRoot(container, app, options);
    });
    // Clicks on buttons made before this script ran, held by the loader: React listens from
    // hydrateRoot on and replays each once the clicked part is hydrated.
    for (const button of takeEarlyClicks()) button.click();
  } else if (snapshotRemote) {
    // A snapshot is inert: nothing in it was clickable, so nothing held is worth replaying.
    takeEarlyClicks();
    // A remote's snapshot of this screen is painted: keep it until the remote has loaded, so the
    // first render draws the real screen over it in one frame instead of a spinner. A failed load
    // renders anyway, and the route shows its error and retry.
    await preloadRemoteScreen(snapshotRemote).catch(() => undefined);
    await nextTask();
    const root = createRoot(container, options);
    // Rendered in slices too: the snapshot stays painted until the whole screen commits at once.
    startTransition(() => root.render(app));
  } else {
    takeEarlyClicks();
    container.replaceChildren();
    createRoot(container, options).render(app);
  }
};
