import postgres from 'postgres';
import { errorCodes, rewardsErrorCodes } from '@starforge/contracts';
import { ApiError } from './errors';

/**
 * PostgreSQL errors a request can cause by itself (SQLSTATE → what the client is told). A
 * domain should refuse these cases first with its own clear error; this mapping is the floor,
 * so a race or a missed check answers 4xx with a stable code, never a 500.
 */
const mapped: Record<string, () => ApiError> = {
  // unique_violation: two requests created the same thing, or it already existed.
  '23505': () => new ApiError(409, errorCodes.alreadyExists, 'This already exists.'),
  // foreign_key_violation: it refers to something gone, or something still refers to it.
  '23503': () => new ApiError(409, errorCodes.conflict, 'This refers to something that does not exist, or is still in use.'),
  // check_violation and exclusion_violation: the change would break a rule of the data.
  '23514': () => new ApiError(409, errorCodes.conflict, 'This change is not allowed in the current state.'),
  '23P01': () => new ApiError(409, errorCodes.conflict, 'This change is not allowed in the current state.'),
  // Data the column cannot hold: bad text for a type, too long, out of range, a bad date, a NUL byte.
  '22P02': () => new ApiError(400, errorCodes.validationFailed, 'Invalid input.'),
  '22001': () => new ApiError(400, errorCodes.validationFailed, 'A value is too long.'),
  '22003': () => new ApiError(400, errorCodes.validationFailed, 'A number is out of range.'),
  '22007': () => new ApiError(400, errorCodes.validationFailed, 'Invalid date or time.'),
  '22008': () => new ApiError(400, errorCodes.validationFailed, 'Invalid date or time.'),
  '22021': () => new ApiError(400, errorCodes.validationFailed, 'Text contains characters that are not allowed.'),
  '22P05': () => new ApiError(400, errorCodes.validationFailed, 'Text contains characters that are not allowed.'),
  // rewards.debit_cash (the bank's published function) refused to go below zero.
  RW002: () => new ApiError(422, rewardsErrorCodes.insufficientBalance, 'Insufficient balance'),
  // serialization_failure, deadlock_detected, lock_not_available: the same request will likely pass if retried.
  '40001': () => new ApiError(503, errorCodes.unavailable, 'The service is busy. Please try again.', { 'Retry-After': '1' }),
  '40P01': () => new ApiError(503, errorCodes.unavailable, 'The service is busy. Please try again.', { 'Retry-After': '1' }),
  '55P03': () => new ApiError(503, errorCodes.unavailable, 'The service is busy. Please try again.', { 'Retry-After': '1' }),
};

/** The client's error for a PostgreSQL error a request can cause, or null for a real fault (a 500). */
export const apiErrorOfPostgres = (error: unknown): ApiError | null => {
  if (!(error instanceof postgres.PostgresError)) return null;
  return mapped[error.code]?.() ?? null;
};

/** Whether the error is PostgreSQL's unique violation (for code that handles a race itself). */
export const isUniqueViolation = (error: unknown): boolean => error instanceof postgres.PostgresError && error.code === '23505';
