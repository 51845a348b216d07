import { describe, expect, it } from 'vitest';
import { authMessages, authServiceMessages } from '@starforge/contracts/auth';
import { ApiRequestError } from '@starforge/host/http';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it('turns the service\u2019s invalid-credentials error into the spec\u2019s wording', () => {
    expect(authErrorMessage(new ApiRequestError(400, 'invalid_credentials', authServiceMessages.invalidCredentials))).toBe(authMessages.invalidCredentials);
  });

  it('turns an already-registered e-mail into the spec\u2019s wording', () => {
    expect(authErrorMessage(new ApiRequestError(422, 'user_already_exists', authServiceMessages.alreadyRegistered))).toBe(authMessages.alreadyRegistered);
  });

  it('branches on the stable code, never on the wording', () => {
    expect(authErrorMessage(new ApiRequestError(400, 'invalid_credentials', 'Wrong'))).toBe(authMessages.invalidCredentials);
    // The same words under another code are shown as they came, not translated.
    expect(authErrorMessage(new ApiRequestError(400, 'validation_failed', authServiceMessages.invalidCredentials))).toBe(
      authServiceMessages.invalidCredentials,
    );
  });

  it('shows the server\u2019s message for rate limiting', () => {
    const message = 'Too many sign-in attempts. Please try again in a minute.';
    expect(authErrorMessage(new ApiRequestError(429, 'over_request_rate_limit', message))).toBe(message);
  });

  it('shows any other message, or the fallback when there is none', () => {
    expect(authErrorMessage(new ApiRequestError(0, 'network_error', 'Network error.'))).toBe('Network error.');
    expect(authErrorMessage(new Error(''))).toBe(authMessages.authenticationFailed);
    expect(authErrorMessage(undefined)).toBe(authMessages.authenticationFailed);
    expect(authErrorMessage({})).toBe(authMessages.authenticationFailed);
  });
});
