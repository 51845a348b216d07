import { CREATOR_NETWORK } from '@starforge/contracts/nft';
import type { CreateNft, CreatedNft } from '@starforge/contracts/marketplace';
import type { Db } from '@starforge/service-kit';
import { createCompletedNft } from '@starforge/nft-published';
import { insertListing } from './listings';

/**
 * /nft-creator: nft's published `create_completed_nft` makes the NFT completed on Ethereum and
 * owned by the caller (it earns no mint points), and it is listed at its price, in the caller's
 * one transaction: an NFT is never created without its listing, nor listed twice by a retry.
 */
export const createListedNft = async (tx: Db, userId: string, input: CreateNft): Promise<CreatedNft> => {
  const nftId = await createCompletedNft(tx, {
    ownerId: userId,
    name: input.name,
    description: input.description,
    category: input.category,
    imageKey: input.image_key,
    tags: input.tags,
    isLimitedEdition: input.is_limited_edition,
    editionSize: input.edition_size,
    royalty: input.creator_royalty,
    network: CREATOR_NETWORK,
  });
  return { nft_id: nftId, listing: await insertListing(tx, userId, nftId, input.price) };
};
