import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { runFormAction, type FormActionSpec, type FormCheck } from './form-action';

/**
 * React face of runFormAction, for the forms and buttons that move money or start work:
 *
 *     const convert = useConvertPoints(); // a useAction
 *     const form = useFormAction({
 *       name: 'conversion',
 *       check: () => conversionInput(points, summary.points_balance),
 *       run: (input) => convert.run(input.points),
 *       success: (result) => rewardsMessages.converted(result.points_converted, result.cents_credited),
 *       onSuccess: () => { setPoints(''); refetch(); },
 *       failure: (error) => failureMessage(error, { fallback: rewardsMessages.convertFailed }),
 *     });
 *     <form onSubmit={form.submit}> … <Field error={form.error} /> … <button disabled={convert.busy}>
 *
 * `submit` (for `<form onSubmit>`, checks with no arguments) and `run(...params)` (for a button
 * that passes its amount) are stable; the latest spec is used, so it may close over state.
 * `error` is the form's message: the check's refusal or the failure's, cleared by a good check.
 */
export const useFormAction = <P extends unknown[], C extends FormCheck, R>(spec: FormActionSpec<P, C, R>) => {
  const latest = useRef(spec);
  useLayoutEffect(() => {
    latest.current = spec;
  });
  const [error, setError] = useState<string | null>(null);
  const run = useCallback((...params: P) => runFormAction(latest.current, params, setError), []);
  const submit = useCallback(
    (event: { preventDefault(): void }) => {
      event.preventDefault();
      void run(...([] as unknown[] as P));
    },
    [run],
  );
  return { submit, run, error };
};
