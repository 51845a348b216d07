import { authErrorCodes, authMessages } from '@starforge/contracts/auth';
import { failureMessage } from '@starforge/host';
import { settingsText } from './settings-text';

/** Statuses whose message the service words for the user (validation, conflict, rate limit). */
const explainedStatuses: readonly (number | undefined)[] = [400, 422, 429];

/** The toast for a failed profile save: the server's validation message, else the spec's. */
export const profileSaveErrorMessage = (error: unknown): string =>
  failureMessage(error, { fallback: authMessages.profileUpdateFailed, show: ({ status }) => explainedStatuses.includes(status) });

/** The toast for a failed wallet link: a wallet linked elsewhere or a rate limit as the server words it. */
export const walletLinkErrorMessage = (error: unknown): string =>
  failureMessage(error, { fallback: settingsText.walletLinkFailed, show: ({ code, status }) => code === authErrorCodes.walletAlreadyLinked || status === 429 });

/** The toast for a failed unlink: a wallet that is the account's only way in, or one not linked to it, as the server words it. */
export const walletUnlinkErrorMessage = (error: unknown): string =>
  failureMessage(error, {
    fallback: settingsText.walletUnlinkFailed,
    show: ({ code, status }) => code === authErrorCodes.walletOnlySignIn || code === authErrorCodes.walletNotLinked || status === 429,
  });
