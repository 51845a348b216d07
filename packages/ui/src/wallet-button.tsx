import { walletText } from '@starforge/contracts/shared';
import { Spinner } from './spinner';

export interface WalletButtonProps {
  /** The page's wallet state (the host's walletAtom, through useWalletConnection). */
  wallet: { status: 'disconnected' | 'connecting' | 'connected'; address: string };
  connect: () => unknown;
  disconnect: () => unknown;
  /** The hero button ('Launch Mission Control') or the standard one ('Connect Wallet'). */
  look?: 'hero' | 'standard';
  /** How the connected badge shows the address (first 6 + last 4 in the shell, 8 + 8 on the withdrawal screen). */
  formatAddress: (address: string) => string;
  /** A test id for the connected badge. */
  badgeTestId?: string;
}

/** The wallet-connect control's three looks (spec section 2); the behaviour comes from the caller. */
export function WalletButton({ wallet, connect, disconnect, look = 'standard', formatAddress, badgeTestId }: WalletButtonProps) {
  const className = `sf-btn ${look === 'hero' ? 'sf-btn-hero' : 'sf-btn-secondary'}`;
  if (wallet.status === 'connected') {
    return (
      <div className="sf-wallet">
        <span className="sf-badge" title={wallet.address} data-testid={badgeTestId}>
          <span className="sf-visually-hidden">Connected wallet {wallet.address}</span>
          <span aria-hidden="true">● {formatAddress(wallet.address)}</span>
        </span>
        <button type="button" className="sf-btn sf-btn-ghost" onClick={() => void disconnect()}>
          {walletText.disconnect}
        </button>
      </div>
    );
  }
  if (wallet.status === 'connecting') {
    return (
      <button type="button" className={className} disabled aria-busy="true">
        <Spinner size="sm" label="Connecting wallet" /> {walletText.connecting}
      </button>
    );
  }
  return (
    <button type="button" className={className} onClick={() => void connect()}>
      {look === 'hero' ? walletText.launch : walletText.connect}
    </button>
  );
}
