import type { Db } from '@starforge/service-kit';

/**
 * nft's typed client: the only way another domain calls nft's published SQL (this folder's
 * `*.sql`, README "Published interface"). Every call runs in the caller's transaction, and what
 * it locks is held until the caller commits; the SQLSTATEs are mapped by `nftSqlStates`
 * (`@starforge/nft-published/sql-states`), which a caller's app registers.
 */

/**
 * The view `nft.nfts` (id, name, description, category, image_key, tags, is_limited_edition,
 * edition_size, creator_royalty, status, origin, network, original_creator_id, current_owner_id,
 * tx_hash, token_id, minted_at, created_at), as a fragment to read or join in the caller's query:
 * `join ${nfts(db)} n on n.id = s.nft_id`.
 */
export const nfts = (db: Db) => db`nft.nfts`;

/** `nft.owned_nft`: the NFT locked (for update) for a change by its current owner; NF001 none, NF002 not theirs, NF003 not minted. */
export const lockOwnedNft = async (db: Db, nftId: string, userId: string): Promise<void> => {
  await db`select id from nft.owned_nft(${nftId}, ${userId})`;
};

export interface OwnershipTransfer {
  nftId: string;
  fromUserId: string;
  toUserId: string;
  /** Unique across all transfers: a used key answers false and moves nothing. */
  key: string;
}

/** `nft.transfer_ownership`: moves the NFT from its current owner (NF001 / NF002 / NF003); true when it moved now. */
export const transferOwnership = async (db: Db, t: OwnershipTransfer): Promise<boolean> => {
  const [row] = await db<{ moved: boolean }[]>`select nft.transfer_ownership(${t.nftId}, ${t.fromUserId}, ${t.toUserId}, ${t.key}) as moved`;
  return row?.moved === true;
};

/** An NFT made on /nft-creator, validated first (createNftSchema): the table's checks refuse the rest. */
export interface CompletedNft {
  ownerId: string;
  name: string;
  description: string;
  category: string;
  /** Null for none (the page shows the placeholder); NF004 when it names no uploaded image. */
  imageKey: string | null;
  tags: readonly string[];
  isLimitedEdition: boolean;
  editionSize: number | null;
  royalty: number;
  network: string;
}

/** `nft.create_completed_nft`: completed at once (tx hash, token id, minted time), owned and made by its owner; its id. */
export const createCompletedNft = async (db: Db, n: CompletedNft): Promise<string> => {
  const [created] = await db<{ nftId: string }[]>`
    select nft.create_completed_nft(
      ${n.ownerId}, ${n.name}, ${n.description}, ${n.category}, ${n.imageKey}, ${[...n.tags]}::text[],
      ${n.isLimitedEdition}, ${n.editionSize}, ${n.royalty}, ${n.network}
    ) as nft_id`;
  if (!created) throw new Error('create_completed_nft answered nothing');
  return created.nftId;
};
