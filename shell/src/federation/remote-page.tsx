import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@starforge/contracts';
import { FullPageSpinner } from '@starforge/ui';
import { loadRemoteRoutes, resetRemote } from './remotes';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { UnknownRemotePage } from './unknown-remote-page';

// Lazy components are made once per (route, attempt) and kept here, never inside render.
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
const lazyPage = (remote: RemoteName, pattern: string, attempt: number) => {
  const key = `${remote}|${pattern}|${attempt}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(async () => ({ default: (await loadRemoteRoutes(remote)).pages[pattern] ?? UnknownRemotePage }));
    lazyPages.set(key, page);
  }
  return page;
};

/**
 * A route rendered by a remote: loaded on demand, behind an error boundary with a retry,
 * so a remote that is down or throws leaves the rest of the product working.
 */
export function RemotePage({ remote, pattern }: { remote: RemoteName; pattern: string }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  const Page = lazyPage(remote, pattern, attempt);
  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={`${pathname}|${attempt}`} remote={remote} onRetry={retry}>
      <Suspense fallback={<FullPageSpinner label="Loading..." />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
