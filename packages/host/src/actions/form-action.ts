import { toast } from '../toast';

/** What a form's check answers: the input to send (with whatever it carries), or why not. */
export type FormCheck = { ok: true } | { ok: false; message: string };

/** The checked input a form sends: the `ok: true` side of its check. */
export type CheckedInput<C extends FormCheck> = Extract<C, { ok: true }>;

/**
 * One form's submit, in the order every form of a remote follows (see runFormAction).
 * `P` is what the submit is given (nothing for a form; the amount of a quick button).
 */
export interface FormActionSpec<P extends unknown[], C extends FormCheck, R> {
  /** Names the action in the console line a failure logs ('conversion' -> 'conversion failed'). */
  name: string;
  /** Checks the input for comfort (the service checks again): the spec's message when it is refused. */
  check: (...params: P) => C;
  /**
   * Sends the checked input through the form's `useAction`, so it is single flight and carries
   * one Idempotency-Key; resolves to undefined when that action ignored it (already running).
   */
  run: (input: CheckedInput<C>) => Promise<R | undefined>;
  /** The success toast, from the answer. */
  success: (result: R, input: CheckedInput<C>) => string;
  /** After the success toast: clear the fields, refetch what the answer changed, move on. */
  onSuccess?: (result: R, input: CheckedInput<C>) => void;
  /** The error toast (and the form's message) for a failure: usually a `failureMessage(...)`. */
  failure: (error: unknown) => string;
}

/**
 * Submits a form: check -> (refused: show and toast the check's message, send nothing) -> run
 * with an Idempotency-Key -> (ignored while running: nothing) -> success toast -> onSuccess
 * (refetch) -> or, on failure, log it, show and toast its message. `showError` receives the
 * form's message (null once the input passed its check).
 */
export const runFormAction = async <P extends unknown[], C extends FormCheck, R>(
  spec: FormActionSpec<P, C, R>,
  params: P,
  showError: (message: string | null) => void,
): Promise<void> => {
  const checked = spec.check(...params);
  if (!checked.ok) {
    showError(checked.message);
    toast.error(checked.message);
    return;
  }
  const input = checked as CheckedInput<C>;
  showError(null);
  let result: R | undefined;
  try {
    result = await spec.run(input);
  } catch (error) {
    console.error(`${spec.name} failed`, error);
    const message = spec.failure(error);
    showError(message);
    toast.error(message);
    return;
  }
  if (result === undefined) return;
  toast.success(spec.success(result, input));
  spec.onSuccess?.(result, input);
};
