import { useNavigate } from 'react-router-dom';
import { authMessages } from '@starforge/contracts/auth';
import { toast } from '@starforge/host';
import { useProvenWalletAction } from '../../shared/lib/use-proven-wallet-action';
import { signInWithWallet } from './api/sign-in-with-wallet';

/** Sign-in with a Solana wallet: connect, prove the address, trade the proof for a session. */
export const useWalletSignIn = () => {
  const navigate = useNavigate();
  const { run, busy } = useProvenWalletAction({
    purpose: 'sign_in',
    act: signInWithWallet,
    onConnected: () => toast.success(authMessages.walletConnected),
    onSuccess: () => {
      toast.success(authMessages.walletSignedIn);
      navigate('/dashboard', { replace: true });
    },
    failureMessage: () => authMessages.walletSignInFailed,
  });
  return { signIn: run, busy };
};
