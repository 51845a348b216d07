import { useAtom } from 'jotai';
import { walletText, WALLET_CONNECT_DELAY_MS } from '@starforge/contracts/shared';
import { getPhantomProvider, walletAtom, type WalletState } from './wallet';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wallet control's behaviour (spec section 4), for the shell's control and for a remote
 * screen that offers the same button (the withdrawal screen): connect asks Phantom for its
 * account and reports it after the spec's 2.5 s delay; a missing extension gets the install
 * alert; errors are only logged and leave it disconnected. Disconnect reports an empty address
 * and reloads the page.
 */
export const useWalletConnection = (): { wallet: WalletState; connect: () => Promise<void>; disconnect: () => Promise<void> } => {
  const [wallet, setWallet] = useAtom(walletAtom);

  const connect = async () => {
    const provider = getPhantomProvider();
    if (!provider) {
      window.alert(walletText.installAlert);
      return;
    }
    setWallet({ status: 'connecting', address: '' });
    try {
      const { publicKey } = await provider.connect();
      const address = publicKey?.toString() ?? '';
      if (!address) throw new Error('The wallet returned no account');
      await wait(WALLET_CONNECT_DELAY_MS);
      setWallet({ status: 'connected', address });
    } catch (error) {
      console.error('wallet connection failed', error);
      setWallet({ status: 'disconnected', address: '' });
    }
  };

  const disconnect = async () => {
    try {
      await getPhantomProvider()?.disconnect();
    } catch (error) {
      console.error('wallet disconnect failed', error);
    }
    setWallet({ status: 'disconnected', address: '' });
    window.location.reload();
  };

  return { wallet, connect, disconnect };
};
