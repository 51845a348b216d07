import { ApiRequestError } from '@starforge/host';

/**
 * What to tell the user about a failed request: the service's own message when it refused the
 * request (a 4xx carries a message written for people, e.g. 'Minimum conversion is 1000
 * points'), otherwise the screen's fallback ('Failed to convert points').
 */
export const failureMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.code !== 'http_error' && error.message.trim()) {
    return error.message;
  }
  return fallback;
};

/** The error's code when one of our services answered it, else undefined. */
export const failureCode = (error: unknown): string | undefined => (error instanceof ApiRequestError ? error.code : undefined);

/** The reason to put after a spec prefix ('Withdrawal failed: ' + reason): the error's own message, else `fallback`. */
export const failureReason = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback);
