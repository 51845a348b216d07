import { authErrorCodes, authServiceMessages, errorCodes } from '@starforge/contracts';
import { ApiError } from '@starforge/service-kit';

/** The auth service's refusals, with the codes and words its clients branch on. */
export const invalidCredentials = () => new ApiError(400, authErrorCodes.invalidCredentials, authServiceMessages.invalidCredentials);
export const emailNotConfirmed = () => new ApiError(400, 'email_not_confirmed', 'Email not confirmed');
export const userAlreadyExists = () => new ApiError(422, authErrorCodes.userAlreadyExists, authServiceMessages.alreadyRegistered);
export const weakPassword = (message: string) => new ApiError(422, authErrorCodes.weakPassword, message);
export const invalidJwt = () => new ApiError(401, authErrorCodes.invalidJwt, 'Invalid or expired access token');
export const sessionNotFound = () => new ApiError(401, authErrorCodes.sessionNotFound, 'Your session has ended. Please sign in again.');
export const refreshTokenReused = () =>
  new ApiError(401, authErrorCodes.refreshTokenReused, 'This session was ended because its refresh token was used twice. Please sign in again.');
export const walletProofInvalid = (message = 'Failed to sign in with wallet') => new ApiError(401, authErrorCodes.walletProofInvalid, message);
export const walletAlreadyLinked = () => new ApiError(409, authErrorCodes.walletAlreadyLinked, 'This wallet is already linked to another account');
export const invalidWalletAddress = () => new ApiError(400, errorCodes.validationFailed, 'Invalid Solana address');
