import type { Listing } from '@starforge/contracts/marketplace';
import { publishPublicEvent, type Db } from '@starforge/service-kit';

/** A user's name when auth's `public_profiles` has none for the id (as that view names an account without names or wallet). */
export const NAMELESS_USER = 'Starforge user';

/** A row of `marketplace.nft_sales` as `listingColumns` selects it. */
export interface ListingRow {
  id: string;
  nftId: string;
  priceCents: string;
  status: Listing['status'];
  createdAt: Date;
  soldAt: Date | null;
  cancelledAt: Date | null;
  sellerIsMe: boolean;
}

/** The columns of a listing as `viewerId` sees it: whether they sell it, never who does. */
export const listingColumns = (db: Db, viewerId: string) =>
  db`id, nft_id, price_cents, status, created_at, sold_at, cancelled_at, seller_id = ${viewerId} as seller_is_me`;

export const listingOf = (row: ListingRow): Listing => ({
  id: row.id,
  nft_id: row.nftId,
  // bigint comes back as text; the table keeps it below 2^53.
  price_cents: Number(row.priceCents),
  status: row.status,
  listed_at: row.createdAt.toISOString(),
  sold_at: row.soldAt?.toISOString() ?? null,
  cancelled_at: row.cancelledAt?.toISOString() ?? null,
  seller_is_me: row.sellerIsMe,
});

/**
 * Tells every open tab that the NFT's listing changed (ids and status only). Public events hold
 * the one public lock until commit, so this is the transaction's last statement.
 */
export const announceListing = (db: Db, row: ListingRow) =>
  publishPublicEvent(db, { type: 'marketplace.listing_changed', data: { listingId: row.id, nftId: row.nftId, status: row.status } });
