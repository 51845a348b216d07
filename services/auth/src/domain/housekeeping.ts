import { REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts';
import type { Db, Sql } from '@starforge/service-kit';

/**
 * Deletes what can no longer matter: sessions signed out or idle past the refresh lifetime
 * (their tokens go with them), spent or expired wallet challenges, and rate-limit windows long
 * over. Reuse detection needs a session's old tokens only while the session lives.
 */
export const sweepExpired = async (sql: Db): Promise<void> => {
  await sql`
    delete from sessions
    where coalesce(revoked_at, coalesce(refreshed_at, created_at) + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS}))
      < now() - interval '1 day'`;
  await sql`delete from wallet_nonces where expires_at < now() - interval '1 hour'`;
  await sql`delete from rate_limits where window_start < now() - interval '1 hour'`;
};

/** Runs the sweep now and then every `intervalMs`; returns the stop for shutdown. */
export const startHousekeeping = (sql: Sql, intervalMs = 60 * 60_000): (() => Promise<void>) => {
  const run = () => sweepExpired(sql).catch((error: unknown) => console.error('[auth] housekeeping failed', error));
  let running = run();
  const timer = setInterval(() => {
    running = run();
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
