import { authErrorCodes, authMessages } from '@starforge/contracts/auth';
import { failureMessage } from '@starforge/host';

/**
 * The toast for a failed e-mail sign-in or sign-up (spec section 8). It branches on the
 * service's stable codes, never on its wording: the two the spec words itself get the spec's
 * words; a rate limit, a validation problem or a network failure shows the message as it came.
 */
export const authErrorMessage = (error: unknown): string =>
  failureMessage(error, {
    fallback: authMessages.authenticationFailed,
    show: 'any',
    codes: {
      [authErrorCodes.invalidCredentials]: authMessages.invalidCredentials,
      [authErrorCodes.userAlreadyExists]: authMessages.alreadyRegistered,
    },
  });
