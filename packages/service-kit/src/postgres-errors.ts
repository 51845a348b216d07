import postgres from 'postgres';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorCodes } from '@starforge/contracts/shared';
import { ApiError } from './errors';

/** What the client is told when PostgreSQL raises one SQLSTATE: the status, a stable code and words for a person. */
export interface SqlStateAnswer {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  /**
   * Words (and a Retry-After, in seconds) built from the error's DETAIL, for a function that puts
   * the figures of its refusal there (rewards' daily test limit); `message` when it answers undefined.
   */
  detailed?: (detail: string) => { message: string; retryAfterSeconds?: number } | undefined;
}

/**
 * A service's own SQLSTATEs (the states its SQL functions raise, and the states of the functions
 * it calls in other domains, e.g. `rewardsSqlStates` from `@starforge/contracts`), registered
 * with `createServiceApp(..., { sqlStates })`. A domain's codes live with the domain, never here.
 */
export type SqlStateMap = Readonly<Record<string, SqlStateAnswer>>;

const busy: SqlStateAnswer = { status: 503, code: errorCodes.unavailable, message: 'The service is busy. Please try again.' };

/**
 * PostgreSQL's own states a request can cause by itself (the floor for every service). A domain
 * should refuse these cases first with its own clear error; this mapping makes a race or a missed
 * check answer 4xx with a stable code, never a 500.
 */
const generic: SqlStateMap = {
  // unique_violation: two requests created the same thing, or it already existed.
  '23505': { status: 409, code: errorCodes.alreadyExists, message: 'This already exists.' },
  // foreign_key_violation: it refers to something gone, or something still refers to it.
  '23503': { status: 409, code: errorCodes.conflict, message: 'This refers to something that does not exist, or is still in use.' },
  // check_violation and exclusion_violation: the change would break a rule of the data.
  '23514': { status: 409, code: errorCodes.conflict, message: 'This change is not allowed in the current state.' },
  '23P01': { status: 409, code: errorCodes.conflict, message: 'This change is not allowed in the current state.' },
  // Data the column cannot hold: bad text for a type, too long, out of range, a bad date, a NUL byte.
  '22P02': { status: 400, code: errorCodes.validationFailed, message: 'Invalid input.' },
  '22001': { status: 400, code: errorCodes.validationFailed, message: 'A value is too long.' },
  '22003': { status: 400, code: errorCodes.validationFailed, message: 'A number is out of range.' },
  '22007': { status: 400, code: errorCodes.validationFailed, message: 'Invalid date or time.' },
  '22008': { status: 400, code: errorCodes.validationFailed, message: 'Invalid date or time.' },
  '22021': { status: 400, code: errorCodes.validationFailed, message: 'Text contains characters that are not allowed.' },
  '22P05': { status: 400, code: errorCodes.validationFailed, message: 'Text contains characters that are not allowed.' },
  // invalid_parameter_value and null_value_not_allowed: a published SQL function refused its
  // arguments (a negative amount, a missing key). The route should have refused them first.
  '22023': { status: 400, code: errorCodes.validationFailed, message: 'Invalid input.' },
  '22004': { status: 400, code: errorCodes.validationFailed, message: 'A required value is missing.' },
  // serialization_failure, deadlock_detected, lock_not_available: the same request will likely pass if retried.
  '40001': busy,
  '40P01': busy,
  '55P03': busy,
};

/**
 * The client's error for a PostgreSQL error: the service's own states first (`sqlStates`), then
 * the generic floor; null for a real fault (a 500).
 */
export const apiErrorOfPostgres = (error: unknown, sqlStates: SqlStateMap = {}): ApiError | null => {
  if (!(error instanceof postgres.PostgresError)) return null;
  const answer = sqlStates[error.code] ?? generic[error.code];
  if (!answer) return null;
  const specific = error.detail ? answer.detailed?.(error.detail) : undefined;
  const retryAfter = specific?.retryAfterSeconds ?? (answer.status === 503 ? 1 : undefined);
  return new ApiError(
    answer.status,
    answer.code,
    specific?.message ?? answer.message,
    retryAfter === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) },
  );
};

/** Whether the error is PostgreSQL's unique violation (for code that handles a race itself). */
export const isUniqueViolation = (error: unknown): boolean => error instanceof postgres.PostgresError && error.code === '23505';
