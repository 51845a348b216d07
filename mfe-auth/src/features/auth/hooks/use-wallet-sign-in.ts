import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authMessages } from '@starforge/contracts';
import { authClient, getPhantomProvider, hostStore, toast, walletAtom } from '@starforge/host';
import { connectWallet, proveWallet } from '../../../lib/wallet-proof';

/**
 * Sign-in with a Solana wallet: connect, then prove the address by signing the auth
 * service's single-use challenge, then trade the proof for a session.
 */
export const useWalletSignIn = () => {
  const navigate = useNavigate();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const signIn = useCallback(async () => {
    if (running.current) return;
    const provider = getPhantomProvider();
    if (!provider) {
      toast.error(authMessages.installPhantom);
      return;
    }
    running.current = true;
    setBusy(true);
    try {
      let address: string;
      try {
        address = await connectWallet(provider);
      } catch (error) {
        console.error('wallet connect failed', error);
        toast.error(authMessages.walletConnectFailed);
        return;
      }
      toast.success(authMessages.walletConnected);
      hostStore.set(walletAtom, { status: 'connected', address });
      try {
        const proof = await proveWallet(provider, address, (a) => authClient.walletChallenge(a));
        await authClient.signInWithWallet(proof);
        toast.success(authMessages.walletSignedIn);
        navigate('/dashboard', { replace: true });
      } catch (error) {
        console.error('wallet sign-in failed', error);
        toast.error(authMessages.walletSignInFailed);
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [navigate]);

  return { signIn, busy };
};
