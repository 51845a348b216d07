import { REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts/auth';
import type { Db, Sql } from '@starforge/service-kit';

/**
 * Deletes what can no longer matter: sessions signed out or idle past the refresh lifetime
 * (their tokens go with them), expired wallet challenges, and rate-limit keys whose window
 * has passed. Reuse detection needs a session's old tokens only while the session lives.
 */
export const sweepExpired = async (db: Db): Promise<void> => {
  await db`
    delete from sessions
    where coalesce(revoked_at, coalesce(refreshed_at, created_at) + make_interval(secs => ${REFRESH_TOKEN_TTL_SECONDS}))
      < now() - interval '1 day'`;
  await db`delete from wallet_nonces where expires_at < now()`;
  await db`delete from rate_limits where updated_at < now() - make_interval(secs => 2 * window_seconds)`;
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
