import { IDEMPOTENCY_KEY_HEADER, isApiErrorBody } from '@starforge/contracts/shared';

/** An error answered by one of our services, with its stable code. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Status 0 means the network itself failed. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof ApiRequestError ? error.status === 0 || [502, 503, 504].includes(error.status) : false;

/** Options of requestJson: fetch's, plus a JSON body, a bearer token and an Idempotency-Key. */
export type JsonRequestInit = RequestInit & {
  json?: unknown;
  token?: string | null;
  /** Sent as the Idempotency-Key header: one per user action, the same on its retries (see createAction). */
  idempotencyKey?: string;
};

/** Sends a JSON request to one of our services and returns its JSON body, or throws ApiRequestError. */
export const requestJson = async <T>(path: string, init: JsonRequestInit = {}): Promise<T> => {
  const { json, token, idempotencyKey, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw networkError();
  }
  return readJson<T>(response);
};

/** The JSON body of one of our services' answers, or the ApiRequestError it stands for. */
export const readJson = async <T>(response: Response): Promise<T> => {
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiRequestError(response.status, body.error.code, body.error.message);
    throw new ApiRequestError(response.status, 'http_error', `Request failed (${response.status})`);
  }
  return body as T;
};

export const networkError = (): ApiRequestError => new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.');
