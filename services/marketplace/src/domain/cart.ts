import { nftImageUrl } from '@starforge/contracts/nft';
import type { CartLine } from '@starforge/contracts/marketplace';
import type { Db } from '@starforge/service-kit';
import { nfts } from '@starforge/nft-published';
import { nftNotFound, notInCart, notListed, ownNft } from './errors';

interface CartRow {
  nftId: string;
  listingId: string;
  name: string;
  description: string | null;
  imageKey: string | null;
  unitPriceCents: string;
  createdAt: Date;
  currentPriceCents: string | null;
}

const lineOf = (row: CartRow): CartLine => {
  const price = Number(row.unitPriceCents);
  const current = row.currentPriceCents === null ? null : Number(row.currentPriceCents);
  return {
    nft_id: row.nftId,
    listing_id: row.listingId,
    name: row.name,
    description: row.description ?? '',
    image_url: row.imageKey === null ? null : nftImageUrl(row.imageKey),
    price_cents: price,
    quantity: 1,
    added_at: row.createdAt.toISOString(),
    available: current === price,
    current_price_cents: current,
  };
};

/** The user's cart lines (only theirs), oldest first, with the NFT from nft's view and its active listing's price now. */
const selectLines = (db: Db, userId: string, nftId: string | null) => db<CartRow[]>`
  select c.nft_id, c.listing_id, n.name, n.description, n.image_key, c.unit_price_cents, c.created_at, s.price_cents as current_price_cents
  from marketplace.cart_items c
  join ${nfts(db)} n on n.id = c.nft_id
  left join marketplace.nft_sales s on s.nft_id = c.nft_id and s.status = 'listed'
  where c.user_id = ${userId} ${nftId === null ? db`` : db`and c.nft_id = ${nftId}`}
  order by c.created_at, c.id`;

export const readCart = async (db: Db, userId: string) => {
  const items = (await selectLines(db, userId, null)).map(lineOf);
  return { items, total_cents: items.reduce((sum, line) => sum + line.price_cents, 0) };
};

const readLine = async (db: Db, userId: string, nftId: string): Promise<CartLine> => {
  const [row] = await selectLines(db, userId, nftId);
  if (!row) throw notInCart();
  return lineOf(row);
};

/**
 * Adds a listed NFT to the user's cart at its listed price. Already there: the same line (at the
 * price it was added at, unless the listing changed since: then the line takes the new one).
 * The caller's own NFT, or one not for sale, is refused (nothing is written).
 *
 * One statement: the listing read, the line written (or kept) and the line with its NFT read
 * back, in one round trip. A line the statement finds already there and keeps is read from its
 * snapshot; only if another transaction added the same line after that snapshot was taken (two
 * adds of one NFT by one user at once) is it read again.
 */
export const addToCart = async (tx: Db, userId: string, nftId: string): Promise<CartLine> => {
  const [row] = await tx<({ nftExists: boolean; listedId: string | null; sellerId: string | null } & (CartRow | Record<keyof CartRow, null>))[]>`
    with listing as (
      select exists (select 1 from ${nfts(tx)} where id = ${nftId}) as nft_exists, s.id, s.seller_id, s.price_cents
      from (values (1)) one
      left join marketplace.nft_sales s on s.nft_id = ${nftId} and s.status = 'listed'
    ),
    added as (
      insert into marketplace.cart_items (user_id, nft_id, listing_id, unit_price_cents)
      select ${userId}, ${nftId}, id, price_cents from listing where nft_exists and id is not null and seller_id <> ${userId}
      on conflict (user_id, nft_id) do update set listing_id = excluded.listing_id, unit_price_cents = excluded.unit_price_cents
      where cart_items.listing_id <> excluded.listing_id or cart_items.unit_price_cents <> excluded.unit_price_cents
      returning listing_id, unit_price_cents, created_at
    ),
    line as (
      select listing_id, unit_price_cents, created_at from added
      union all
      select listing_id, unit_price_cents, created_at from marketplace.cart_items
      where user_id = ${userId} and nft_id = ${nftId} and not exists (select 1 from added)
    )
    select listing.nft_exists, listing.id as listed_id, listing.seller_id, listing.price_cents as current_price_cents,
           n.id as nft_id, line.listing_id, n.name, n.description, n.image_key, line.unit_price_cents, line.created_at
    from listing
    left join line on listing.id is not null
    left join ${nfts(tx)} n on n.id = ${nftId} and line.listing_id is not null`;
  if (!row?.nftExists) throw nftNotFound();
  if (row.listedId === null || row.sellerId === null) throw notListed();
  if (row.sellerId === userId) throw ownNft();
  return row.listingId === null ? readLine(tx, userId, nftId) : lineOf(row);
};

/** Removes the NFT from the user's cart (404 not_in_cart when it is not in it). */
export const removeFromCart = async (tx: Db, userId: string, nftId: string): Promise<{ removed: true }> => {
  const deleted = await tx`delete from marketplace.cart_items where user_id = ${userId} and nft_id = ${nftId}`;
  if (deleted.count === 0) throw notInCart();
  return { removed: true };
};

/** Sets a line's quantity: 0 or less removes it, 1 keeps it (the schema refuses above 1). */
export const setCartQuantity = async (tx: Db, userId: string, nftId: string, quantity: number): Promise<{ item: CartLine | null }> => {
  if (quantity <= 0) {
    await removeFromCart(tx, userId, nftId);
    return { item: null };
  }
  return { item: await readLine(tx, userId, nftId) };
};
