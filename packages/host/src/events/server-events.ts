import { authClient } from '../auth-client';
import { ServerEventStream } from './server-event-stream';

/**
 * The page's one live event stream (this package is a federation singleton, so every remote
 * shares it). The shell starts it when a session is signed in and stops it at sign-out;
 * remotes subscribe with `useServerEvent`.
 */
export const serverEvents = new ServerEventStream({
  getToken: () => authClient.getAccessToken(),
  // A refused token: refresh once; a session that cannot be refreshed signs the tab out, and
  // the shell then stops the stream.
  refreshSession: () => authClient.refresh().then(() => undefined),
});
