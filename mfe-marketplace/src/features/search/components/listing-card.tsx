import { Link } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import type { MarketplaceListing } from '@starforge/contracts/marketplace';
import { formatCents } from '@starforge/contracts/shared';
import { NftImage } from '@starforge/ui';
import { BuyButton } from './buy-button';

/** One listed NFT: image, name (to its page), description, seller, price and Buy; one's own listing says it cannot be bought. */
export function ListingCard({ listing }: { listing: MarketplaceListing }) {
  return (
    <li className="sf-card market-card" data-testid="listing-card" data-nft-id={listing.nft_id}>
      <NftImage url={listing.image_url} name={listing.name} size="grid" />
      <h2 className="market-card-name">
        <Link to={`/nft/${listing.nft_id}`}>{listing.name}</Link>
      </h2>
      {listing.description ? <p className="market-card-description">{listing.description}</p> : null}
      <p className="sf-muted market-card-seller">
        Seller: <span data-testid="listing-seller">{listing.seller_name}</span>
      </p>
      <p className="market-price" data-testid="listing-price">
        {formatCents(listing.price_cents)}
      </p>
      {listing.seller_is_me ? (
        <p className="market-card-own" data-testid="listing-own">
          {marketplaceMessages.ownNft}
        </p>
      ) : (
        <BuyButton listing={listing} />
      )}
    </li>
  );
}
