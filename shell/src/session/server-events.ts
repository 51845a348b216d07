import { authClient, serverEvents } from '@starforge/host';

/**
 * The shell owns the tab's one live event stream: open while a session is signed in, closed
 * at sign-out, and opened afresh when another user signs in. Call before the auth client
 * initializes, so the restored session is heard too.
 */
export const connectServerEventsToSession = (): (() => void) => {
  let userId: string | null = null;
  return authClient.onAuthStateChange((_event, session) => {
    const next = session?.user.id ?? null;
    if (next === userId) return;
    if (userId) serverEvents.stop();
    userId = next;
    if (next) serverEvents.start();
  });
};
