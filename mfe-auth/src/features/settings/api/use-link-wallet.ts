import type { AuthUser, WalletProofBody } from '@starforge/contracts/auth';
import { authClient, authedRequest, toast } from '@starforge/host';
import { useProvenWalletAction } from '../../../shared/lib/use-proven-wallet-action';
import { settingsText } from '../settings-text';
import { walletLinkErrorMessage } from '../settings-error-message';

/** POST /api/auth/user/wallets: links a proven wallet; the page's session shows the updated user. */
const linkWallet = async (proof: WalletProofBody): Promise<AuthUser> => {
  const user = await authedRequest<AuthUser>('/api/auth/user/wallets', { method: 'POST', json: proof });
  authClient.updateUser(user);
  return user;
};

/** 'Link Solana Wallet': connect, prove the address the same way as a wallet sign-in, link it. */
export const useLinkWallet = () => {
  const { run, busy } = useProvenWalletAction({
    purpose: 'link',
    act: linkWallet,
    onSuccess: () => toast.success(settingsText.walletLinked),
    failureMessage: walletLinkErrorMessage,
  });
  return { link: run, linking: busy };
};
