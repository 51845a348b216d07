/**
 * The session check, sent the moment the entry script runs: guarded screens (the landing
 * too) show a spinner until it answers, so it should not wait for React and the router to
 * load. The auth client takes this answer as its first refresh attempt.
 */
export const earlyRefresh: Promise<Response | null> = fetch('/api/auth/token?grant_type=refresh_token', {
  method: 'POST',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
}).catch(() => null);
