import { describe, expect, it } from 'vitest';
import { authMessages } from '@starforge/contracts/auth';
import { signUpProblem } from './validate-sign-up';

describe('signUpProblem', () => {
  it('accepts matching passwords of at least 6 characters', () => {
    expect(signUpProblem('secret', 'secret')).toBeNull();
  });

  it('reports mismatched passwords first', () => {
    expect(signUpProblem('abc', 'abd')).toBe(authMessages.passwordsDoNotMatch);
    expect(signUpProblem('secret1', 'secret2')).toBe(authMessages.passwordsDoNotMatch);
  });

  it('reports a password shorter than 6 characters', () => {
    expect(signUpProblem('12345', '12345')).toBe(authMessages.passwordTooShort);
    expect(signUpProblem('', '')).toBe(authMessages.passwordTooShort);
  });
});
