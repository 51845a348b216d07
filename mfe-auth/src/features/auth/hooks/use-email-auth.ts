import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authMessages } from '@starforge/contracts';
import { toast } from '@starforge/host';
import { signInWithPassword } from '../api/sign-in-with-password';
import { signUp } from '../api/sign-up';
import type { AuthMode } from '../auth-text';
import { authErrorMessage } from '../auth-error-message';
import { signUpProblem } from '../validate-sign-up';

export interface EmailAuthValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

/**
 * Sign-in and sign-up with e-mail and password. A ref, not only the disabled button, keeps
 * a second submit (Enter pressed twice, a double click) from starting a second request.
 * `onConfirmationSent` runs when sign-up answers with a user but no session.
 */
export const useEmailAuth = (onConfirmationSent: () => void) => {
  const navigate = useNavigate();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const submit = useCallback(
    async (mode: AuthMode, values: EmailAuthValues) => {
      if (running.current) return;
      if (mode === 'signUp') {
        const problem = signUpProblem(values.password, values.confirmPassword);
        if (problem) {
          toast.error(problem);
          return;
        }
      }
      running.current = true;
      setBusy(true);
      try {
        if (mode === 'signIn') {
          await signInWithPassword({ email: values.email, password: values.password });
          toast.success(authMessages.signedIn);
          navigate('/dashboard', { replace: true });
          return;
        }
        const result = await signUp({
          email: values.email,
          password: values.password,
          data: { first_name: values.firstName, last_name: values.lastName },
        });
        if (result.session) {
          toast.success(authMessages.accountCreated);
          navigate('/dashboard', { replace: true });
        } else {
          toast.success(authMessages.checkEmail);
          onConfirmationSent();
        }
      } catch (error) {
        toast.error(authErrorMessage(error));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [navigate, onConfirmationSent],
  );

  return { submit, busy };
};
