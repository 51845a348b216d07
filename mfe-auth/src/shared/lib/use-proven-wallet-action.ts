import { useCallback, useLayoutEffect, useRef } from 'react';
import { authMessages, type WalletProofBody, type WalletProofPurpose } from '@starforge/contracts/auth';
import { getPhantomProvider, hostStore, type PhantomProvider, toast, useAction, walletAtom } from '@starforge/host';
import { requestWalletChallenge } from '../api/wallet-challenge';
import { connectWallet, proveWallet } from './wallet-proof';

interface ProvenWalletAction {
  /** What the proof is for; the server accepts it for that alone. */
  purpose: WalletProofPurpose;
  /** What to do with the proof: sign in, link the wallet to the account. */
  act: (proof: WalletProofBody) => Promise<unknown>;
  onConnected?: () => void;
  onSuccess: () => void;
  failureMessage: (error: unknown) => string;
}

/**
 * The shared shape of every wallet action: connect Phantom (or say it is missing), prove the
 * address by signing the auth service's single-use challenge, then act on the proof. It is a
 * single-flight `useAction` (further calls are ignored while one runs) without automatic
 * retries: each attempt needs the user's signature on a fresh challenge.
 */
export const useProvenWalletAction = (action: ProvenWalletAction) => {
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });

  const { run, busy } = useAction(
    async (_call, provider: PhantomProvider) => {
      let address: string;
      try {
        address = await connectWallet(provider);
      } catch (error) {
        console.error('wallet connect failed', error);
        toast.error(authMessages.walletConnectFailed);
        return;
      }
      hostStore.set(walletAtom, { status: 'connected', address });
      latest.current.onConnected?.();
      try {
        await latest.current.act(await proveWallet(provider, address, (a) => requestWalletChallenge(a, latest.current.purpose)));
        latest.current.onSuccess();
      } catch (error) {
        console.error('wallet action failed', error);
        toast.error(latest.current.failureMessage(error));
      }
    },
    { maxAttempts: 1 },
  );

  const start = useCallback(async () => {
    const provider = getPhantomProvider();
    if (!provider) {
      toast.error(authMessages.installPhantom);
      return;
    }
    await run(provider);
  }, [run]);

  return { run: start, busy };
};
