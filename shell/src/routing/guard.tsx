import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RouteAccess } from '@starforge/contracts/shared';
import { useSessionState } from '@starforge/host';
import { FullPageSpinner } from '@starforge/ui';

/**
 * The spec's guards: a spinner while the session loads; private routes send a signed-out
 * visitor to /auth; guest routes (landing, auth) send a signed-in visitor to /dashboard.
 */
export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const session = useSessionState();
  const location = useLocation();
  if (access === 'public') return children;
  if (session.status === 'loading') return <FullPageSpinner label="Loading your session..." />;
  if (access === 'private' && session.status !== 'signed_in') return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (access === 'guest' && session.status === 'signed_in') return <Navigate to="/dashboard" replace />;
  return children;
}
