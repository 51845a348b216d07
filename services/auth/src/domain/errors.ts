import { authErrorCodes, authServiceMessages } from '@starforge/contracts/auth';
import { ApiError, badRequest, tooManyRequests } from '@starforge/service-kit';

/** The auth service's refusals, with the codes its clients branch on. */
export const invalidCredentials = () => new ApiError(400, authErrorCodes.invalidCredentials, authServiceMessages.invalidCredentials);
export const emailNotConfirmed = () => new ApiError(400, authErrorCodes.emailNotConfirmed, 'Email not confirmed');
export const userAlreadyExists = () => new ApiError(422, authErrorCodes.userAlreadyExists, authServiceMessages.alreadyRegistered);
export const invalidJwt = () => new ApiError(401, authErrorCodes.invalidJwt, 'Invalid or expired access token');
export const sessionNotFound = () => new ApiError(401, authErrorCodes.sessionNotFound, 'Your session has ended. Please sign in again.');
export const refreshTokenReused = () =>
  new ApiError(401, authErrorCodes.refreshTokenReused, 'This session was ended because its refresh token was used twice. Please sign in again.');
export const walletProofInvalid = (message = 'Failed to sign in with wallet') => new ApiError(401, authErrorCodes.walletProofInvalid, message);
export const walletAlreadyLinked = () => new ApiError(409, authErrorCodes.walletAlreadyLinked, 'This wallet is already linked to another account');
export const walletNotLinked = () => new ApiError(404, authErrorCodes.walletNotLinked, authServiceMessages.walletNotLinked);
export const walletOnlySignIn = () => new ApiError(409, authErrorCodes.walletOnlySignIn, authServiceMessages.walletOnlySignIn);
/** An address of the right alphabet and length that is not a 32-byte key (the schema cannot decode base58). */
export const invalidWalletAddress = () => badRequest('Invalid Solana address');
/** How long a refused client waits, in words: the minute window's "a minute", the hourly ceiling's "80 minutes". */
export const waitWords = (seconds: number): string => {
  if (seconds <= 60) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
};
export const tooManyAttempts = (retryAfterSeconds: number) =>
  tooManyRequests(`Too many attempts. Please wait ${waitWords(retryAfterSeconds)} and try again.`, retryAfterSeconds, authErrorCodes.rateLimited);
