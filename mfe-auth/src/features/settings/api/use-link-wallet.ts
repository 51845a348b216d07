import { authClient, toast } from '@starforge/host';
import { useProvenWalletAction } from '../../../lib/use-proven-wallet-action';
import { settingsText } from '../settings-text';
import { walletLinkErrorMessage } from '../settings-error-message';

/**
 * POST /api/auth/user/wallets: links a Solana wallet to the signed-in account, proven the
 * same way as a wallet sign-in. The auth client publishes the updated user to the session.
 */
export const useLinkWallet = () => {
  const { run, busy } = useProvenWalletAction({
    act: (proof) => authClient.linkWallet(proof),
    onSuccess: () => toast.success(settingsText.walletLinked),
    failureMessage: walletLinkErrorMessage,
  });
  return { link: run, linking: busy };
};
