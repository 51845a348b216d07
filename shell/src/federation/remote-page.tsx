import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@starforge/contracts/shared';
import type { RemoteRoutesModule } from '@starforge/host';
import { FullPageSpinner } from '@starforge/ui';
import { loadRemoteRoutes, resetRemote } from './remotes';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { UnknownRemotePage } from './unknown-remote-page';

// Remotes already loaded in this page render at once on later visits, without a spinner.
const loaded = new Map<RemoteName, RemoteRoutesModule>();

/**
 * Loads a remote's routes before its screen renders (the shell's start does it for a screen whose
 * snapshot is painted), so the first render draws the screen, not the spinner.
 */
export const preloadRemoteScreen = async (remote: RemoteName): Promise<void> => {
  if (!loaded.has(remote)) loaded.set(remote, await loadRemoteRoutes(remote));
};

type LoadState = { status: 'loading' } | { status: 'ready'; module: RemoteRoutesModule } | { status: 'failed'; error: unknown };

/**
 * Loads a remote's routes outside Suspense on purpose: React holds a revealed Suspense
 * boundary back for up to 300 ms after its fallback showed, which would make every first
 * visit to a remote's screen at least that slow. Here the page shows the moment it arrives.
 * A retry needs no dependency here: the boundary's key holds the attempt, so the screen mounts
 * afresh and this effect runs again.
 */
const useRemoteRoutes = (remote: RemoteName): LoadState => {
  const cached = loaded.get(remote);
  const [state, setState] = useState<LoadState>(cached ? { status: 'ready', module: cached } : { status: 'loading' });
  useEffect(() => {
    const known = loaded.get(remote);
    if (known) {
      setState({ status: 'ready', module: known });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadRemoteRoutes(remote).then(
      (module) => {
        loaded.set(remote, module);
        if (current) setState({ status: 'ready', module });
      },
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [remote]);
  return state;
};

function RemoteScreen({ remote, pattern }: { remote: RemoteName; pattern: string }) {
  const state = useRemoteRoutes(remote);
  if (state.status === 'failed') throw state.error; // the boundary above shows the retry
  if (state.status === 'loading') return <FullPageSpinner label="Loading..." />;
  const Page = state.module.pages[pattern] ?? UnknownRemotePage;
  return <Page />;
}

/**
 * A route rendered by a remote: loaded on demand, behind an error boundary with a retry,
 * so a remote that is down or throws leaves the rest of the product working.
 */
export function RemotePage({ remote, pattern }: { remote: RemoteName; pattern: string }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  const retry = () => {
    loaded.delete(remote);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={`${pathname}|${attempt}`} remote={remote} onRetry={retry}>
      <RemoteScreen remote={remote} pattern={pattern} />
    </RemoteErrorBoundary>
  );
}
