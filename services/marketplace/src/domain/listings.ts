import type { Listing } from '@starforge/contracts/marketplace';
import type { Db } from '@starforge/service-kit';
import { lockOwnedNft, nfts } from '@starforge/nft-published';
import { alreadyListed, nftNotFound, notListed } from './errors';
import { announceListing, listingColumns, listingOf, type ListingRow } from './listing-rows';

/** The NFT's active listing (status listed) as `viewerId` sees it, or null; 404 when no NFT has the id. */
export const readListing = async (db: Db, viewerId: string, nftId: string): Promise<Listing | null> => {
  // One statement, one snapshot: the NFT exists, and its listed row or nulls.
  const [row] = await db<({ nftExists: boolean } & (ListingRow | Record<keyof ListingRow, null>))[]>`
    select exists (select 1 from ${nfts(db)} where id = ${nftId}) as nft_exists, l.*
    from (values (1)) one
    left join lateral (
      select ${listingColumns(db, viewerId)} from marketplace.nft_sales where nft_id = ${nftId} and status = 'listed'
    ) l on true`;
  if (!row?.nftExists) throw nftNotFound();
  return row.id === null ? null : listingOf(row);
};

/**
 * Locks the NFT for its current owner through nft's published `owned_nft` (NF001 404, NF002 403
 * not_owner, NF003 409 not_minted): a listing changes only while its NFT is held, so a transfer
 * of ownership and a listing of the same NFT take turns.
 */
const holdOwnedNft = async (tx: Db, userId: string, nftId: string) => {
  // The listing row before the NFT, the order the checkout takes them in (listings, then
  // transfer_ownership): a removal or a listing racing a purchase queues behind it instead of
  // deadlocking with it, then sees the NFT sold (not_owner).
  await tx`select id from marketplace.nft_sales where nft_id = ${nftId} and status = 'listed' for update`;
  await lockOwnedNft(tx, nftId, userId);
};

/**
 * Inserts the NFT's active listing and announces it. The one-listed-row index decides: when the
 * NFT already has one (listed before, or by a writer that did not hold the NFT), nothing is
 * inserted and the answer is 409 already_listed.
 */
export const insertListing = async (tx: Db, sellerId: string, nftId: string, priceCents: number): Promise<Listing> => {
  const [row] = await tx<ListingRow[]>`
    insert into marketplace.nft_sales (nft_id, seller_id, price_cents)
    values (${nftId}, ${sellerId}, ${priceCents})
    on conflict (nft_id) where status = 'listed' do nothing
    returning ${listingColumns(tx, sellerId)}`;
  if (!row) throw alreadyListed();
  await announceListing(tx, row);
  return listingOf(row);
};

/** Lists the caller's minted NFT at a price (in the caller's transaction). */
export const listNft = async (tx: Db, userId: string, nftId: string, priceCents: number): Promise<Listing> => {
  await holdOwnedNft(tx, userId, nftId);
  return insertListing(tx, userId, nftId, priceCents);
};

/** Cancels the caller's NFT's active listing (409 not_listed when there is none) and announces it. */
export const removeListing = async (tx: Db, userId: string, nftId: string): Promise<Listing> => {
  await holdOwnedNft(tx, userId, nftId);
  // The clock, not the transaction's start: this transaction may have begun before the listing
  // it waited for on the NFT's lock committed, and a listing is never cancelled before it exists.
  const [row] = await tx<ListingRow[]>`
    update marketplace.nft_sales set status = 'cancelled', cancelled_at = clock_timestamp()
    where nft_id = ${nftId} and status = 'listed'
    returning ${listingColumns(tx, userId)}`;
  if (!row) throw notListed();
  await announceListing(tx, row);
  return listingOf(row);
};
