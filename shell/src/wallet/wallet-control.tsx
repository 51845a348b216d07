import { shortAddress, walletText } from '@starforge/contracts';
import { useWalletConnection } from '@starforge/host';
import { Spinner } from '@starforge/ui';

/**
 * The shared wallet-connect control in its three looks: the hero button, the standard
 * button, and the connected badge (behaviour in useWalletConnection).
 */
export function WalletControl({ look = 'standard' }: { look?: 'hero' | 'standard' }) {
  const { wallet, connect, disconnect } = useWalletConnection();

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
