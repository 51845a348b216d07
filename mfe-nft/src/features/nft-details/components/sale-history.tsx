import { useId } from 'react';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { formatCents } from '@starforge/contracts/shared';
import { Spinner } from '@starforge/ui';
import { formatDate } from '@starforge/contracts/shared';
import { useSales } from '../api/sales';

/** Every completed sale of the NFT, newest first: price, seller, buyer and date (the marketplace's public history). */
export function SaleHistory({ nftId }: { nftId: string }) {
  const ids = useId();
  const { sales, loading, failed, refetch } = useSales(nftId);
  return (
    <section className="sf-card nft-sale" aria-labelledby={`${ids}-title`} aria-busy={loading || undefined} data-testid="nft-sale-history">
      <h2 id={`${ids}-title`}>{marketplaceMessages.saleHistory}</h2>
      {sales.length > 0 ? (
        <table className="nft-sales">
          <thead>
            <tr>
              <th scope="col">Price</th>
              <th scope="col">Seller</th>
              <th scope="col">Buyer</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => (
              <tr key={sale.sale_id} data-testid="nft-sale-row">
                <td>{formatCents(sale.price_cents)}</td>
                <td>{sale.seller_name}</td>
                <td>{sale.buyer_name}</td>
                <td>
                  <time dateTime={sale.sold_at}>{formatDate(sale.sold_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : loading ? (
        <Spinner size="sm" label="Loading the sale history..." />
      ) : failed ? (
        <p>
          The sale history could not be read.{' '}
          <button type="button" className="sf-btn sf-btn-ghost" onClick={refetch}>
            Try again
          </button>
        </p>
      ) : (
        <p className="sf-muted">{marketplaceMessages.noSales}</p>
      )}
    </section>
  );
}
