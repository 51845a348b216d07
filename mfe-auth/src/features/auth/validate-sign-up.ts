import { authMessages, passwordSchema } from '@starforge/contracts/auth';

/**
 * Client-side checks before a sign-up request, for comfort only (the service enforces the
 * same rules): the two passwords match, then the password meets the contract's rules.
 * Returns the toast to show, or null when the request may go.
 */
export const signUpProblem = (password: string, confirmPassword: string): string | null => {
  if (password !== confirmPassword) return authMessages.passwordsDoNotMatch;
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? authMessages.passwordTooShort);
};
