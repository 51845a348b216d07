import { authErrorCodes, authMessages, authServiceMessages } from '@starforge/contracts';
import { errorCode, errorMessage, errorStatus } from '../../lib/error-shape';

/**
 * The toast for a failed e-mail sign-in or sign-up (spec section 8): the service's wording
 * mapped to the spec's, a rate limit explained by the server, anything else as it came.
 */
export const authErrorMessage = (error: unknown): string => {
  const message = errorMessage(error);
  const code = errorCode(error);
  if (errorStatus(error) === 429) return message || authMessages.authenticationFailed;
  if (code === authErrorCodes.invalidCredentials || message.includes(authServiceMessages.invalidCredentials)) return authMessages.invalidCredentials;
  if (code === authErrorCodes.userAlreadyExists || message.includes(authServiceMessages.alreadyRegistered)) return authMessages.alreadyRegistered;
  return message || authMessages.authenticationFailed;
};
