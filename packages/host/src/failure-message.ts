/**
 * A failed request as a screen reads it. Read by shape rather than `instanceof`, so it holds
 * whichever copy of this package threw (and for a plain `Error` or a wallet's refusal).
 */
export interface Failure {
  /** HTTP status of a service's answer, 0 for a network failure, undefined for anything else. */
  status: number | undefined;
  /** The service's stable error code (`insufficient_balance`), or undefined. */
  code: string | undefined;
  /** The error's message, trimmed; '' when it has none. */
  message: string;
}

const field = (error: unknown, key: keyof Failure): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;

export const readFailure = (error: unknown): Failure => {
  const status = field(error, 'status');
  const code = field(error, 'code');
  const message = typeof error === 'string' ? error : field(error, 'message');
  return {
    status: typeof status === 'number' ? status : undefined,
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message.trim() : '',
  };
};

/**
 * A refusal our service worded for people: a 4xx with a code of ours and a message ('Minimum
 * conversion is 1000 points'). Not a 5xx, a network failure, or an answer without our error body.
 */
const isRefusal = (failure: Failure): boolean =>
  failure.status !== undefined && failure.status >= 400 && failure.status < 500 && failure.code !== undefined && failure.code !== 'http_error';

export interface FailureMessageOptions {
  /** What to say when the error's own words are not shown, or it has none ('Failed to convert points'). */
  fallback: string;
  /**
   * The spec's own words for some stable codes, e.g. `{ invalid_credentials: 'Invalid email or
   * password' }`: a screen branches on codes, never on the service's wording.
   */
  codes?: Readonly<Record<string, string>>;
  /**
   * Whose message is shown as it came: `'refusal'` (the default) a 4xx refusal of our service;
   * `'any'` any error with a message, a network failure or a wallet's refusal included; or a test
   * of the screen's own (a status or code it knows the service words for people).
   */
  show?: 'refusal' | 'any' | ((failure: Failure) => boolean);
  /** Put before the message or the fallback: the spec's 'Withdrawal failed: ' + reason. */
  prefix?: string;
}

/**
 * The one way every remote turns a failed request into the user's message (the toast, the
 * field's error): the spec's words for a code it names, else the error's own message when
 * `show` says so, else the fallback; `prefix` before it. Examples:
 * `failureMessage(error, { fallback: 'Failed to convert points' })`,
 * `failureMessage(error, { prefix: 'Withdrawal failed: ', show: 'any', fallback: 'please try again' })`.
 */
export const failureMessage = (error: unknown, { fallback, codes, show = 'refusal', prefix = '' }: FailureMessageOptions): string => {
  const failure = readFailure(error);
  const named = codes && failure.code !== undefined && Object.hasOwn(codes, failure.code) ? codes[failure.code] : undefined;
  if (named !== undefined) return prefix + named;
  const shown = failure.message !== '' && (show === 'any' || (show === 'refusal' ? isRefusal(failure) : show(failure)));
  return prefix + (shown ? failure.message : fallback);
};
