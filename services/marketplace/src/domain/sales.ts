import type { NftSalesAnswer } from '@starforge/contracts/marketplace';
import type { Db } from '@starforge/service-kit';
import { publicProfiles } from '@starforge/auth-published';
import { nfts } from '@starforge/nft-published';
import { nftNotFound } from './errors';
import { NAMELESS_USER } from './listing-rows';

/** How many of an NFT's sales the history shows, newest first (each one was a paid purchase: a long history is rare). */
export const SALE_HISTORY_LIMIT = 100;

interface SaleRow {
  nftExists: boolean;
  saleId: string | null;
  priceCents: string;
  sellerName: string | null;
  buyerName: string | null;
  soldAt: Date;
}

/**
 * GET /nfts/:id/sales: the NFT's sold listings, newest first, with the seller's and the buyer's
 * display names from auth's `public_profiles` (never an id or an e-mail address); 404 when no NFT
 * has the id. One statement, one snapshot.
 */
export const nftSales = async (db: Db, nftId: string): Promise<NftSalesAnswer> => {
  const rows = await db<SaleRow[]>`
    select exists (select 1 from ${nfts(db)} where id = ${nftId}) as nft_exists, h.*
    from (values (1)) one
    left join lateral (
      select s.id as sale_id, s.price_cents, seller.display_name as seller_name, buyer.display_name as buyer_name, s.sold_at
      from marketplace.nft_sales s
      left join ${publicProfiles(db)} seller on seller.id = s.seller_id
      left join ${publicProfiles(db)} buyer on buyer.id = s.buyer_id
      where s.nft_id = ${nftId} and s.status = 'sold'
      order by s.sold_at desc, s.id desc
      limit ${SALE_HISTORY_LIMIT}
    ) h on true
    order by h.sold_at desc, h.sale_id desc`;
  if (!rows[0]?.nftExists) throw nftNotFound();
  return {
    sales: rows.flatMap((r) =>
      r.saleId === null
        ? []
        : [
            {
              sale_id: r.saleId,
              price_cents: Number(r.priceCents),
              seller_name: r.sellerName ?? NAMELESS_USER,
              buyer_name: r.buyerName ?? NAMELESS_USER,
              sold_at: r.soldAt.toISOString(),
            },
          ],
    ),
  };
};
