import { useNavigate } from 'react-router-dom';
import { authMessages } from '@starforge/contracts/auth';
import { useAction, useFormAction } from '@starforge/host';
import { signInWithPassword } from './api/sign-in-with-password';
import { signUp } from './api/sign-up';
import type { AuthMode } from './auth-text';
import { authErrorMessage } from './auth-error-message';
import { signUpProblem } from './validate-sign-up';

export interface EmailAuthValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

/** How a submit ended: signed in, account created and signed in, or asked to confirm the e-mail. */
type EmailAuthOutcome = 'signed_in' | 'account_created' | 'confirmation_sent';

const sendEmailAuth = async (mode: AuthMode, values: EmailAuthValues): Promise<EmailAuthOutcome> => {
  if (mode === 'signIn') {
    await signInWithPassword({ email: values.email, password: values.password });
    return 'signed_in';
  }
  const result = await signUp({ email: values.email, password: values.password, data: { first_name: values.firstName, last_name: values.lastName } });
  return result.session ? 'account_created' : 'confirmation_sent';
};

const outcomeToast: Record<EmailAuthOutcome, string> = {
  signed_in: authMessages.signedIn,
  account_created: authMessages.accountCreated,
  confirmation_sent: authMessages.checkEmail,
};

/**
 * Sign-in and sign-up with e-mail and password: the host's form action over a single-flight
 * `useAction`, so a second submit (Enter pressed twice, a double click) starts no second request.
 * No automatic retries: a sign-up sent twice would answer 'already registered'.
 * `onConfirmationSent` runs when sign-up answers with a user but no session.
 */
export const useEmailAuth = (mode: AuthMode, values: EmailAuthValues, onConfirmationSent: () => void) => {
  const navigate = useNavigate();
  const { run, busy } = useAction((_call, m: AuthMode, v: EmailAuthValues) => sendEmailAuth(m, v), { maxAttempts: 1 });
  const form = useFormAction({
    name: mode === 'signIn' ? 'sign-in' : 'sign-up',
    check: () => {
      const problem = mode === 'signUp' ? signUpProblem(values.password, values.confirmPassword) : null;
      return problem ? { ok: false, message: problem } : { ok: true };
    },
    run: () => run(mode, values),
    success: (outcome) => outcomeToast[outcome],
    onSuccess: (outcome) => {
      if (outcome === 'confirmation_sent') onConfirmationSent();
      else navigate('/dashboard', { replace: true });
    },
    failure: authErrorMessage,
  });
  return { submit: form.run, busy };
};
