import { nftErrorCodes, nftImageUrl, nftMessages, type Nft } from '@starforge/contracts/nft';
import { notFound, type Db } from '@starforge/service-kit';

/** An nft_mints row as the answers need it, with whether the caller owns or made it. */
export interface NftRow {
  id: string;
  name: string;
  description: string;
  category: string;
  imageKey: string | null;
  tags: string[] | null;
  isLimitedEdition: boolean;
  editionSize: number | null;
  /** numeric(3, 1): text from postgres.js. */
  creatorRoyalty: string;
  status: Nft['status'];
  origin: Nft['origin'];
  network: Nft['network'];
  txHash: string | null;
  tokenId: string | null;
  mintedAt: Date | null;
  createdAt: Date;
  ownedByMe: boolean;
  createdByMe: boolean;
}

/** The columns of an NftRow for `userId`, from nft_mints as `m`. */
export const nftColumns = (db: Db, userId: string) => db`
  m.id, m.name, m.description, m.category, m.image_key, m.tags, m.is_limited_edition, m.edition_size, m.creator_royalty,
  m.status, m.origin, m.network, m.tx_hash, m.token_id, m.minted_at, m.created_at,
  m.current_owner_id = ${userId} as owned_by_me, m.original_creator_id = ${userId} as created_by_me`;

export const nftOf = (r: NftRow): Nft => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.category,
  image_key: r.imageKey,
  image_url: r.imageKey === null ? null : nftImageUrl(r.imageKey),
  tags: r.tags,
  is_limited_edition: r.isLimitedEdition,
  edition_size: r.editionSize,
  creator_royalty: Number(r.creatorRoyalty),
  status: r.status,
  origin: r.origin,
  network: r.network,
  tx_hash: r.txHash,
  token_id: r.tokenId,
  minted_at: r.mintedAt === null ? null : r.mintedAt.toISOString(),
  created_at: r.createdAt.toISOString(),
  owned_by_me: r.ownedByMe,
  created_by_me: r.createdByMe,
});

/** The caller's NFTs: those they own and those they made (sold ones too), newest first. */
export const listNfts = async (db: Db, userId: string): Promise<Nft[]> => {
  const rows = await db<NftRow[]>`
    select ${nftColumns(db, userId)} from nft.nft_mints m
    where m.current_owner_id = ${userId} or m.original_creator_id = ${userId}
    order by m.created_at desc, m.id desc`;
  return rows.map(nftOf);
};

/** Any NFT, as `userId` sees it (any signed-in user may look at any NFT): 404 nft_not_found. */
export const readNft = async (db: Db, userId: string, nftId: string): Promise<Nft> => {
  const [row] = await db<NftRow[]>`select ${nftColumns(db, userId)} from nft.nft_mints m where m.id = ${nftId}`;
  if (!row) throw notFound(nftMessages.nftNotFound, nftErrorCodes.nftNotFound);
  return nftOf(row);
};
