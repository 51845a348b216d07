import { createContext, useContext } from 'react';

/**
 * What the shared screens need from the session, given by the shell (this package is a
 * federation singleton, so remotes see the shell's value): whether someone is signed in, and
 * how to sign out. The ui package stays free of the host package.
 */
export interface SessionControls {
  signedIn: boolean;
  signOut: () => Promise<void>;
}

const SessionControlsContext = createContext<SessionControls>({ signedIn: false, signOut: async () => {} });

export const SessionControlsProvider = SessionControlsContext.Provider;

export const useSessionControls = (): SessionControls => useContext(SessionControlsContext);
