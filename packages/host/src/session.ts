import { atom, useAtomValue } from 'jotai';
import type { AuthUser, Session } from '@starforge/contracts/auth';

export type SessionState = { status: 'loading' } | { status: 'signed_in'; session: Session } | { status: 'signed_out' };

export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';

/** Written only by the auth client; read by the shell's guards and by every remote. */
export const sessionAtom = atom<SessionState>({ status: 'loading' });

export const useSessionState = (): SessionState => useAtomValue(sessionAtom);

/** The signed-in user, or null while loading or signed out. */
export const useUser = (): AuthUser | null => {
  const state = useSessionState();
  return state.status === 'signed_in' ? state.session.user : null;
};
