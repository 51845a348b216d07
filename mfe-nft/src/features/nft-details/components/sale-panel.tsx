import { useId } from 'react';
import { Link } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { formatCents } from '@starforge/contracts/shared';
import type { Nft } from '@starforge/contracts/nft';
import { Badge, Spinner } from '@starforge/ui';
import { formatDate } from '@starforge/contracts/shared';
import { useListing } from '../api/listing';
import { OwnerActions } from './owner-actions';

/**
 * The NFT's sale: the For Sale badge, listed price and date when listed; the owner's actions,
 * or for anyone else Purchase NFT when a listing exists ('This NFT is not available for purchase' otherwise).
 */
export function SalePanel({ nft }: { nft: Nft }) {
  const ids = useId();
  const { listing, loading, failed, refetch } = useListing(nft.id);
  return (
    <section className="sf-card nft-sale" aria-labelledby={`${ids}-title`} aria-busy={loading || undefined}>
      <h2 id={`${ids}-title`}>Sale</h2>
      {loading && !listing ? (
        <Spinner size="sm" label="Checking whether it is for sale..." />
      ) : failed ? (
        <p>
          Whether it is for sale could not be read.{' '}
          <button type="button" className="sf-btn sf-btn-ghost" onClick={refetch}>
            Try again
          </button>
        </p>
      ) : (
        <>
          {listing ? (
            <div data-testid="nft-listing">
              <Badge tone="info">{marketplaceMessages.forSale}</Badge>
              <dl className="nft-facts">
                <div>
                  <dt>Price</dt>
                  <dd data-testid="nft-listed-price">{formatCents(listing.price_cents)}</dd>
                </div>
                <div>
                  <dt>Listed</dt>
                  <dd data-testid="nft-listed-at">{formatDate(listing.listed_at)}</dd>
                </div>
              </dl>
            </div>
          ) : null}
          {nft.owned_by_me ? (
            <OwnerActions nft={nft} listing={listing} onChanged={refetch} />
          ) : listing ? (
            <div className="nft-sale-actions">
              <Link to={`/payment?nft=${encodeURIComponent(nft.id)}`} className="sf-btn sf-btn-primary" aria-describedby={`${ids}-purchase-hint`}>
                {marketplaceMessages.purchase}
              </Link>
              <p id={`${ids}-purchase-hint`} className="sf-field-hint">
                Opens the payment screen, where you pay {formatCents(listing.price_cents)} for this NFT.
              </p>
            </div>
          ) : (
            <p data-testid="nft-sale-status">{marketplaceMessages.notAvailable}</p>
          )}
        </>
      )}
    </section>
  );
}
