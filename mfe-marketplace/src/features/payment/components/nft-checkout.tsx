import { Link } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { nftMessages } from '@starforge/contracts/nft';
import { Spinner } from '@starforge/ui';
import { useNftForSale } from '../api/nft-order';
import type { Order } from '../order';
import { Checkout } from './checkout';

/** /payment?nft=<id> ('Purchase NFT' on /nft/:id): that one NFT at its listed price, while it is for sale and not the buyer's own. */
export function NftCheckout({ nftId }: { nftId: string }) {
  const { forSale, loading, failed, refetch } = useNftForSale(nftId);
  if (loading) return <Spinner label="Loading your order..." />;
  if (failed || !forSale) {
    return (
      <section className="sf-card market-empty" aria-labelledby="payment-failed-title">
        <h2 id="payment-failed-title">{nftMessages.loadNftFailed}</h2>
        <Link to="/marketplace" className="sf-btn sf-btn-primary">
          Browse Marketplace
        </Link>
      </section>
    );
  }
  const { nft, listing } = forSale;
  if (!listing || listing.seller_is_me) {
    return (
      <section className="sf-card market-empty" aria-labelledby="payment-unavailable-title" data-testid="payment-unavailable">
        <h2 id="payment-unavailable-title">{listing ? marketplaceMessages.ownNft : marketplaceMessages.notAvailable}</h2>
        <p className="sf-muted">{nft.name}</p>
        <Link to={`/nft/${nft.id}`} className="sf-btn sf-btn-primary">
          Back to the NFT
        </Link>
      </section>
    );
  }
  const order: Order = {
    kind: 'nft',
    lines: [{ nft_id: nft.id, name: nft.name, description: nft.description ?? '', image_url: nft.image_url, price_cents: listing.price_cents, notice: null }],
    total_cents: listing.price_cents,
    target: { nft_id: nft.id, price_cents: listing.price_cents },
    refetch,
  };
  return <Checkout order={order} />;
}
