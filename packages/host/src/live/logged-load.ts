import { toast } from '../toast';

/** What a live read does when it fails, once per failed request (not per component watching it). */
export interface ReadFailure {
  /** Logged as `${what} could not be read`, with the error. */
  what: string;
  /** Also announced as an error toast (a list the screen cannot show without it). */
  announce?: string;
  /** A failure that is an answer the screen acts on (not the reader's, say): neither logged nor announced. */
  expected?: (error: unknown) => boolean;
}

/** Where a failure is told; the page's console and toaster unless a test gives its own. */
export interface FailureSinks {
  log: (message: string, error: unknown) => void;
  announce: (message: string) => void;
}

const pageSinks: FailureSinks = {
  log: (message, error) => console.error(message, error),
  announce: (message) => toast.error(message),
};

/** `load`, with its failure logged (and announced) as `failure` says, then passed on to the caller. */
export const loggedLoad =
  <A extends unknown[], T>(load: (...args: A) => Promise<T>, failure: ReadFailure, sinks: FailureSinks = pageSinks) =>
  (...args: A): Promise<T> =>
    load(...args).catch((error: unknown) => {
      if (!failure.expected?.(error)) {
        sinks.log(`${failure.what} could not be read`, error);
        if (failure.announce !== undefined) sinks.announce(failure.announce);
      }
      throw error;
    });
