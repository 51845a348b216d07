import { mediumAddress } from '@starforge/contracts/constants';
import { walletText } from '@starforge/contracts/messages';
import { useWalletConnection } from '@starforge/host';
import { Spinner } from '@starforge/ui';

/**
 * The wallet control on the withdrawal screen: the same behaviour and words as the shell's
 * (useWalletConnection, the page's one walletAtom), with the address as the screen shows it,
 * first 8 and last 8 characters.
 */
export function WalletConnectButton() {
  const { wallet, connect, disconnect } = useWalletConnection();
  if (wallet.status === 'connected') {
    return (
      <div className="sf-wallet rewards-wallet">
        <span className="sf-badge" title={wallet.address} data-testid="withdrawal-wallet-address">
          <span className="sf-visually-hidden">Connected wallet </span>
          {mediumAddress(wallet.address)}
        </span>
        <button type="button" className="sf-btn sf-btn-ghost" onClick={() => void disconnect()}>
          {walletText.disconnect}
        </button>
      </div>
    );
  }
  if (wallet.status === 'connecting') {
    return (
      <button type="button" className="sf-btn sf-btn-secondary" disabled aria-busy="true">
        <Spinner size="sm" label="Connecting wallet" /> {walletText.connecting}
      </button>
    );
  }
  return (
    <button type="button" className="sf-btn sf-btn-secondary" onClick={() => void connect()}>
      {walletText.connect}
    </button>
  );
}
