import { mediumAddress } from '@starforge/contracts/shared';
import { useWalletConnection } from '@starforge/host';
import { WalletButton } from '@starforge/ui';

/**
 * The wallet control on the withdrawal screen: the shell's control (same behaviour, words and
 * walletAtom), with the address as this screen shows it, first 8 and last 8 characters.
 */
export function WalletConnectButton() {
  return <WalletButton {...useWalletConnection()} formatAddress={mediumAddress} badgeTestId="withdrawal-wallet-address" />;
}
