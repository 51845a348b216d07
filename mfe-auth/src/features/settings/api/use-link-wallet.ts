import { useCallback, useRef, useState } from 'react';
import { authMessages } from '@starforge/contracts';
import { authClient, getPhantomProvider, hostStore, toast, walletAtom } from '@starforge/host';
import { connectWallet, proveWallet } from '../../../lib/wallet-proof';
import { settingsText } from '../settings-text';
import { walletLinkErrorMessage } from '../settings-error-message';

/**
 * POST /api/auth/user/wallets: links a Solana wallet to the signed-in account, proven the
 * same way as a wallet sign-in. The auth client publishes the updated user to the session.
 */
export const useLinkWallet = () => {
  const running = useRef(false);
  const [linking, setLinking] = useState(false);

  const link = useCallback(async () => {
    if (running.current) return;
    const provider = getPhantomProvider();
    if (!provider) {
      toast.error(authMessages.installPhantom);
      return;
    }
    running.current = true;
    setLinking(true);
    try {
      let address: string;
      try {
        address = await connectWallet(provider);
      } catch (error) {
        console.error('wallet connect failed', error);
        toast.error(authMessages.walletConnectFailed);
        return;
      }
      hostStore.set(walletAtom, { status: 'connected', address });
      try {
        const proof = await proveWallet(provider, address, (a) => authClient.walletChallenge(a));
        await authClient.linkWallet(proof);
        toast.success(settingsText.walletLinked);
      } catch (error) {
        console.error('wallet link failed', error);
        toast.error(walletLinkErrorMessage(error));
      }
    } finally {
      running.current = false;
      setLinking(false);
    }
  }, []);

  return { link, linking };
};
