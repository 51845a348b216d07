import { authErrorCodes, authMessages } from '@starforge/contracts';
import { errorCode, errorMessage, errorStatus } from '../../lib/error-shape';
import { settingsText } from './settings-text';

/** Statuses whose message the service words for the user (validation, conflict, rate limit). */
const explained = (status: number | undefined, shown: readonly number[]) => status !== undefined && shown.includes(status);

/** The toast for a failed profile save: the server's validation message, else the spec's. */
export const profileSaveErrorMessage = (error: unknown): string => {
  const message = errorMessage(error);
  return explained(errorStatus(error), [400, 422, 429]) && message ? message : authMessages.profileUpdateFailed;
};

/** The toast for a failed wallet link: a wallet linked elsewhere or a rate limit as the server words it. */
export const walletLinkErrorMessage = (error: unknown): string => {
  const message = errorMessage(error);
  const shown = errorCode(error) === authErrorCodes.walletAlreadyLinked || errorStatus(error) === 429;
  return shown && message ? message : settingsText.walletLinkFailed;
};
