import { hasSessionHint } from '@starforge/contracts/auth';

/**
 * The session check, sent the moment the entry script runs: guarded screens (the landing
 * too) show a spinner until it answers, so it should not wait for React and the router to
 * load. The auth client takes this answer as its first refresh attempt. Sent only when the
 * session hint cookie says a session may exist: a first visit sends nothing (null).
 */
export const earlyRefresh: Promise<Response | null> | null = hasSessionHint(document.cookie)
  ? fetch('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    }).catch(() => null)
  : null;
