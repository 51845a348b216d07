import { Link } from 'react-router-dom';
import type { Nft } from '@starforge/contracts/nft';
import { nftMessages, nftStatusTone } from '@starforge/contracts/nft';
import { NftImage } from '@starforge/ui';
import { NftStatusBadge } from '../../../shared/components/nft-status-badge';

/** One NFT of the collection, coloured by its status (completed green, pending yellow, else red). */
export function NftCard({ nft }: { nft: Nft }) {
  const tone = nftStatusTone(nft.status);
  return (
    <li className={`sf-card nft-card is-${tone}`} data-testid="nft-card" data-status={nft.status} data-tone={tone}>
      <NftImage url={nft.image_url} name={nft.name} size="grid" />
      <div className="nft-card-head">
        <h2>{nft.name}</h2>
        <NftStatusBadge status={nft.status} />
      </div>
      <p className="sf-muted nft-card-meta">
        {nft.category}
        {nft.token_id ? ` · Token #${nft.token_id}` : ''}
      </p>
      <Link to={`/nft/${nft.id}`} className="sf-btn sf-btn-secondary sf-btn-block">
        {nftMessages.viewDetails}
        <span className="sf-visually-hidden"> of {nft.name}</span>
      </Link>
    </li>
  );
}
