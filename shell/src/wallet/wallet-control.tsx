import { useAtom } from 'jotai';
import { shortAddress, walletText, WALLET_CONNECT_DELAY_MS } from '@starforge/contracts';
import { getPhantomProvider, walletAtom } from '@starforge/host';
import { Spinner } from '@starforge/ui';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shared wallet-connect control in its three looks: the hero button, the standard
 * button, and the connected badge. Connecting asks Phantom for its account; the first
 * account is reported after the spec's 2.5 s delay. Errors are only logged.
 */
export function WalletControl({ look = 'standard' }: { look?: 'hero' | 'standard' }) {
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

  if (wallet.status === 'connected') {
    return (
      <div className="sf-wallet">
        <span className="sf-badge" title={wallet.address}>
          <span className="sf-visually-hidden">Connected wallet {wallet.address}</span>
          <span aria-hidden="true">● {shortAddress(wallet.address)}</span>
        </span>
        <button type="button" className="sf-btn sf-btn-ghost" onClick={() => void disconnect()}>
          {walletText.disconnect}
        </button>
      </div>
    );
  }
  if (wallet.status === 'connecting') {
    return (
      <button type="button" className={`sf-btn ${look === 'hero' ? 'sf-btn-hero' : 'sf-btn-secondary'}`} disabled aria-busy="true">
        <Spinner size="sm" label="Connecting wallet" /> {walletText.connecting}
      </button>
    );
  }
  return (
    <button type="button" className={`sf-btn ${look === 'hero' ? 'sf-btn-hero' : 'sf-btn-secondary'}`} onClick={() => void connect()}>
      {look === 'hero' ? walletText.launch : walletText.connect}
    </button>
  );
}
