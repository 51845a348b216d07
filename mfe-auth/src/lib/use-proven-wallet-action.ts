import { useCallback, useRef, useState } from 'react';
import { authMessages, type WalletProofBody, type WalletProofPurpose } from '@starforge/contracts';
import { getPhantomProvider, hostStore, toast, walletAtom } from '@starforge/host';
import { requestWalletChallenge } from './wallet-challenge';
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
 * address by signing the auth service's single-use challenge, then act on the proof. Further
 * calls are ignored while one runs.
 */
export const useProvenWalletAction = (action: ProvenWalletAction) => {
  const latest = useRef(action);
  latest.current = action;
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async () => {
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
      hostStore.set(walletAtom, { status: 'connected', address });
      latest.current.onConnected?.();
      try {
        await latest.current.act(await proveWallet(provider, address, (a) => requestWalletChallenge(a, latest.current.purpose)));
        latest.current.onSuccess();
      } catch (error) {
        console.error('wallet action failed', error);
        toast.error(latest.current.failureMessage(error));
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { run, busy };
};
