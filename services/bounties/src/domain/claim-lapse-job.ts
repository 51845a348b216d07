import type { Db, Jobs } from '@starforge/service-kit';

/** The durable job that lapses a bounty's claim at its time (`claim-life.ts` runs it). */
export const CLAIM_LAPSE_JOB = 'bounty.claim_lapse';
export interface ClaimLapseJob {
  bountyId: string;
}

/**
 * Enqueues, in the transaction that set the claim's deadline (a claim, a rejection), the job that
 * lapses it at `lapsesAt` (the database's `claim_lapses_at`, whole milliseconds, so the job is
 * never due before it). The key (bounty and time) makes a second enqueue of one deadline (the
 * re-arming at start, another copy's) add nothing.
 */
export const scheduleClaimLapse = (tx: Db, jobs: Jobs, bountyId: string, lapsesAt: Date) =>
  jobs.enqueue<ClaimLapseJob>(tx, CLAIM_LAPSE_JOB, { bountyId }, { startAfter: lapsesAt, singletonKey: `${bountyId}@${lapsesAt.toISOString()}` });

/** `claim_lapses_at` from `from` (an SQL timestamp) and the bounty's period: the whole millisecond, as the job's due time holds it. */
export const lapseTimeSql = (db: Db, from: ReturnType<Db>) => db`date_trunc('milliseconds', ${from}) + make_interval(days => claim_days)`;
