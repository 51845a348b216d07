import { authMessages } from '@starforge/contracts';
import { errorMessage, errorStatus } from '../../lib/error-shape';
import { settingsText } from './settings-text';

/** Statuses whose message the service words for the user (validation, conflict, rate limit). */
const explained = (status: number | undefined, shown: readonly number[]) => status !== undefined && shown.includes(status);

/** The toast for a failed profile save: the server's validation message, else the spec's. */
export const profileSaveErrorMessage = (error: unknown): string => {
  const message = errorMessage(error);
  return explained(errorStatus(error), [400, 422, 429]) && message ? message : authMessages.profileUpdateFailed;
};

/** The toast for a failed wallet link: a conflict (wallet taken) or rate limit as the server words it. */
export const walletLinkErrorMessage = (error: unknown): string => {
  const message = errorMessage(error);
  return explained(errorStatus(error), [409, 429]) && message ? message : settingsText.walletLinkFailed;
};
