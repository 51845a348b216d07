import { authErrorCodes, authMessages } from '@starforge/contracts';
import { errorCode, errorMessage, errorStatus } from '../../lib/error-shape';

/**
 * The toast for a failed e-mail sign-in or sign-up (spec section 8). It branches on the
 * service's stable codes, never on its wording: the two the spec words itself get the spec's
 * words; a rate limit, a validation problem or a network failure shows the message as it came.
 */
export const authErrorMessage = (error: unknown): string => {
  const code = errorCode(error);
  const message = errorMessage(error);
  if (errorStatus(error) === 429) return message || authMessages.authenticationFailed;
  if (code === authErrorCodes.invalidCredentials) return authMessages.invalidCredentials;
  if (code === authErrorCodes.userAlreadyExists) return authMessages.alreadyRegistered;
  return message || authMessages.authenticationFailed;
};
