import { nftStatusTone, type NftStatus } from '@starforge/contracts/nft';
import { Badge, type BadgeTone } from '@starforge/ui';

const badgeTone: Record<ReturnType<typeof nftStatusTone>, BadgeTone> = { green: 'success', yellow: 'warning', red: 'danger' };
const statusLabel: Record<NftStatus, string> = { pending: 'Pending', completed: 'Completed', failed: 'Failed' };

/** A mint's status as a pill: completed green, pending yellow, anything else red (spec section 4). */
export function NftStatusBadge({ status }: { status: NftStatus }) {
  return (
    <span data-testid="nft-status">
      <Badge tone={badgeTone[nftStatusTone(status)]}>{statusLabel[status]}</Badge>
    </span>
  );
}
