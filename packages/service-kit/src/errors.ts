import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorCodes, type ApiErrorBody } from '@starforge/contracts/shared';

/**
 * An error meant for the client: its status, stable code and message leave as they are
 * (through the app's one `onError`), with any headers it names (`Retry-After` on a 429).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, code: string = errorCodes.validationFailed) => new ApiError(400, code, message);
export const unauthorized = (message = 'Authentication required', code: string = errorCodes.unauthorized) => new ApiError(401, code, message);
export const forbidden = (message = 'Not allowed', code: string = errorCodes.forbidden) => new ApiError(403, code, message);
export const notFound = (message = 'Not found', code: string = errorCodes.notFound) => new ApiError(404, code, message);
export const conflict = (message: string, code: string = errorCodes.conflict) => new ApiError(409, code, message);
/** 429 with the seconds to wait, as the client's `Retry-After`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: string = errorCodes.rateLimited) =>
  new ApiError(429, code, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const errorBody = (code: string, message: string): ApiErrorBody => ({ error: { code, message } });
