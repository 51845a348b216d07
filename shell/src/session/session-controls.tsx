import { useMemo, type ReactNode } from 'react';
import { signOut, useSessionState } from '@starforge/host';
import { SessionControlsProvider } from '@starforge/ui';

/** Gives the shared screens (top bar, placeholders) the session's state and the sign-out action. */
export function ShellSessionControls({ children }: { children: ReactNode }) {
  const signedIn = useSessionState().status === 'signed_in';
  const controls = useMemo(() => ({ signedIn, signOut }), [signedIn]);
  return <SessionControlsProvider value={controls}>{children}</SessionControlsProvider>;
}
