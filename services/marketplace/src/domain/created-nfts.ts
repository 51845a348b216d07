import { CREATOR_NETWORK, type CreateNft, type CreatedNft } from '@starforge/contracts';
import type { Db } from '@starforge/service-kit';
import { insertListing } from './listings';

/**
 * /nft-creator: nft's published `create_completed_nft` makes the NFT completed on Ethereum and
 * owned by the caller (it earns no mint points), and it is listed at its price, in the caller's
 * one transaction: an NFT is never created without its listing, nor listed twice by a retry.
 */
export const createListedNft = async (tx: Db, userId: string, input: CreateNft): Promise<CreatedNft> => {
  const [created] = await tx<{ nftId: string }[]>`
    select nft.create_completed_nft(
      ${userId}, ${input.name}, ${input.description}, ${input.category}, ${input.image_key}, ${input.tags}::text[],
      ${input.is_limited_edition}, ${input.edition_size}, ${input.creator_royalty}, ${CREATOR_NETWORK}
    ) as nft_id`;
  if (!created) throw new Error('create_completed_nft answered nothing');
  return { nft_id: created.nftId, listing: await insertListing(tx, userId, created.nftId, input.price) };
};
