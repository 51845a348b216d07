import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createAction, type ActionCall, type ActionOptions } from './create-action';

/**
 * React face of createAction: `const { run, busy } = useAction(({ idempotencyKey }, amount) =>
 * authClient.authed('/api/rewards/convert', { method: 'POST', json: { amount }, idempotencyKey }))`.
 * `run` is stable and ignores calls while busy; `busy` re-renders the component (disable the
 * button, show the spinner). The latest `fn` is used, so it may close over props and state.
 */
export const useAction = <A extends unknown[], R>(fn: (call: ActionCall, ...args: A) => Promise<R>, options?: ActionOptions) => {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  const [action] = useState(() => createAction<A, R>((call, ...args) => latest.current(call, ...args), options));
  const busy = useSyncExternalStore(
    action.subscribe,
    () => action.busy,
    () => action.busy,
  );
  return { run: action.run, busy };
};
