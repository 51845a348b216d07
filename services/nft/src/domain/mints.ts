import { randomBytes } from 'node:crypto';
import { MINT_POINTS } from '@starforge/contracts/rewards';
import type { MintNft, Nft } from '@starforge/contracts/nft';
import { nftSqlStates } from '@starforge/nft-published/sql-states';
import { recordNftMint } from '@starforge/rewards-published';
import { ApiError, publishEvent, transaction, type Db, type Jobs, type Sql } from '@starforge/service-kit';
import { nftColumns, nftOf, type NftRow } from './nfts';

/** The durable job that completes a mint. */
export const COMPLETE_MINT_JOB = 'nft-mint.complete';
export interface CompleteMintJob {
  nftId: string;
}

const imageNotFound = () => new ApiError(nftSqlStates.NF004.status, nftSqlStates.NF004.code, nftSqlStates.NF004.message);

/**
 * Starts a mint from the wizard: the NFT is inserted pending, made and owned by the caller, with
 * the job that completes it after `delayMs` and `nft.mint_started`, all in one transaction. The
 * image must have been uploaded: its row is locked (key share) so the orphan clean-up cannot
 * remove it before this commits, and an unknown key is a 400 image_not_found.
 */
export const startMint = async (db: Db, jobs: Jobs, userId: string, input: MintNft, delayMs: number): Promise<Nft> =>
  transaction(db, async (tx) => {
    const [image] = await tx`select 1 from nft.images where key = ${input.image_key} for key share`;
    if (!image) throw imageNotFound();
    const [row] = await tx<NftRow[]>`
      with m as (
        insert into nft.nft_mints (user_id, name, description, category, image_key, tags, is_limited_edition, edition_size,
                                   creator_royalty, origin, original_creator_id, current_owner_id)
        values (${userId}, ${input.name}, ${input.description}, ${input.category}, ${input.image_key},
                ${input.tags.length > 0 ? input.tags : null}, ${input.is_limited_edition}, ${input.edition_size},
                ${input.creator_royalty}, 'wizard', ${userId}, ${userId})
        returning *
      )
      select ${nftColumns(tx, userId)} from m`;
    if (!row) throw new Error('nft: the mint was not inserted');
    await jobs.enqueue<CompleteMintJob>(tx, COMPLETE_MINT_JOB, { nftId: row.id }, { startAfterSeconds: delayMs / 1000, singletonKey: row.id });
    // The user's other tabs list the pending NFT at once.
    await publishEvent(tx, { userId, type: 'nft.mint_started', data: { nftId: row.id } });
    return nftOf(row);
  });

/** A simulated transaction hash: 32 random bytes in hex, as a chain's. */
const simulatedTxHash = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * The job's work: completes the mint once (nothing when it is no longer pending, so a job that
 * runs twice records it once), records it in rewards through its client in the same transaction
 * (the mint row locked first, then rewards' rows) and publishes
 * `nft.mint_completed` last, with the points the mint earned (0 past the day's
 * MINT_POINT_AWARDS_PER_DAY, when rewards still counts it but awards none). Answers whether this
 * call completed it.
 */
export const completeMint = async (sql: Sql, nftId: string): Promise<boolean> =>
  sql.begin(async (tx) => {
    const [done] = await tx<{ ownerId: string; tokenId: string }[]>`
      select owner_id, token_id from nft._finish_mint(${nftId}, ${simulatedTxHash()})`;
    if (!done) return false;
    const earned = await recordNftMint(tx, { userId: done.ownerId, mintId: nftId });
    await publishEvent(tx, {
      userId: done.ownerId,
      type: 'nft.mint_completed',
      data: { nftId, tokenId: done.tokenId, points: earned ? MINT_POINTS : 0 },
    });
    return true;
  }) as Promise<boolean>;
