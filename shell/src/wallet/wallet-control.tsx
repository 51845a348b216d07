import { shortAddress } from '@starforge/contracts/shared';
import { useWalletConnection } from '@starforge/host';
import { WalletButton } from '@starforge/ui';

/**
 * The shared wallet-connect control in its three looks: the hero button, the standard
 * button, and the connected badge with the address as first 6 and last 4 characters.
 */
export function WalletControl({ look = 'standard' }: { look?: 'hero' | 'standard' }) {
  return <WalletButton {...useWalletConnection()} look={look} formatAddress={shortAddress} />;
}
