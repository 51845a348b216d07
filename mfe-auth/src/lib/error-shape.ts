/**
 * Reads a thrown value by shape. The host's `ApiRequestError` carries `status`, `code` and a
 * message safe to show; reading fields rather than using `instanceof` keeps this right
 * whichever copy of the host package threw.
 */
const field = (error: unknown, key: 'status' | 'code' | 'message'): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;

/** HTTP status of a service error (0 for a network failure), or undefined. */
export const errorStatus = (error: unknown): number | undefined => {
  const status = field(error, 'status');
  return typeof status === 'number' ? status : undefined;
};

/** The stable error code a service answered with, or undefined. */
export const errorCode = (error: unknown): string | undefined => {
  const code = field(error, 'code');
  return typeof code === 'string' ? code : undefined;
};

/** The error's message, trimmed; '' when it has none. */
export const errorMessage = (error: unknown): string => {
  const message = typeof error === 'string' ? error : field(error, 'message');
  return typeof message === 'string' ? message.trim() : '';
};
