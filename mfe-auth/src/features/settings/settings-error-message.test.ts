import { describe, expect, it } from 'vitest';
import { authMessages, authServiceMessages } from '@starforge/contracts/auth';
import { ApiRequestError } from '@starforge/host/http';
import { profileSaveErrorMessage, walletLinkErrorMessage, walletUnlinkErrorMessage } from './settings-error-message';
import { settingsText } from './settings-text';

describe('profileSaveErrorMessage', () => {
  it('shows the server\u2019s validation message', () => {
    expect(profileSaveErrorMessage(new ApiRequestError(400, 'validation_failed', 'Invalid Solana address'))).toBe('Invalid Solana address');
  });

  it('falls back to the spec\u2019s toast for anything else', () => {
    expect(profileSaveErrorMessage(new ApiRequestError(500, 'internal_error', 'Internal error'))).toBe(authMessages.profileUpdateFailed);
    expect(profileSaveErrorMessage(new ApiRequestError(0, 'network_error', 'Network error.'))).toBe(authMessages.profileUpdateFailed);
    expect(profileSaveErrorMessage(new ApiRequestError(400, 'validation_failed', ''))).toBe(authMessages.profileUpdateFailed);
    expect(profileSaveErrorMessage(new Error('boom'))).toBe(authMessages.profileUpdateFailed);
  });
});

describe('walletLinkErrorMessage', () => {
  it('shows the server\u2019s message for a wallet linked elsewhere', () => {
    const message = 'This wallet is already linked to another account';
    expect(walletLinkErrorMessage(new ApiRequestError(409, 'wallet_already_linked', message))).toBe(message);
  });

  it('falls back for other failures, a refused signature included', () => {
    expect(walletLinkErrorMessage(new ApiRequestError(400, 'wallet_proof_invalid', 'Invalid signature'))).toBe(settingsText.walletLinkFailed);
    expect(walletLinkErrorMessage(new Error('User rejected the request.'))).toBe(settingsText.walletLinkFailed);
  });
});

describe('walletUnlinkErrorMessage', () => {
  it('shows the server\u2019s message for a wallet that is the account\u2019s way in, or not linked to it', () => {
    expect(walletUnlinkErrorMessage(new ApiRequestError(409, 'wallet_only_sign_in', authServiceMessages.walletOnlySignIn))).toBe(
      authServiceMessages.walletOnlySignIn,
    );
    expect(walletUnlinkErrorMessage(new ApiRequestError(404, 'wallet_not_linked', authServiceMessages.walletNotLinked))).toBe(
      authServiceMessages.walletNotLinked,
    );
  });

  it('falls back for anything else', () => {
    expect(walletUnlinkErrorMessage(new ApiRequestError(500, 'internal_error', 'Internal error'))).toBe(settingsText.walletUnlinkFailed);
    expect(walletUnlinkErrorMessage(new Error('boom'))).toBe(settingsText.walletUnlinkFailed);
  });
});
