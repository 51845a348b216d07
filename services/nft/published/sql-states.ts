import { nftErrorCodes, nftMessages } from '@starforge/contracts/nft';
import type { SqlStateMap } from '@starforge/service-kit';

/**
 * The SQLSTATEs that nft's published SQL functions raise (`nft.owned_nft`,
 * `nft.transfer_ownership`, `nft.create_completed_nft`; services/nft/README.md) and what a
 * service answers for each. A domain that calls this client registers this map:
 * `createServiceApp('marketplace', sql, { sqlStates: { ...rewardsSqlStates, ...nftSqlStates } })`.
 * Server-only: the browser never sees a SQLSTATE, so this is not in contracts.
 */
export const nftSqlStates = {
  /** No NFT has that id. */
  NF001: { status: 404, code: nftErrorCodes.nftNotFound, message: nftMessages.nftNotFound },
  /** The caller is not the NFT's current owner. */
  NF002: { status: 403, code: nftErrorCodes.notOwner, message: nftMessages.notOwner },
  /** The NFT is still pending (or failed): it cannot change hands. */
  NF003: { status: 409, code: nftErrorCodes.notMinted, message: nftMessages.notMinted },
  /** The image key names no uploaded image (never uploaded, or removed as unused). */
  NF004: { status: 400, code: nftErrorCodes.imageNotFound, message: nftMessages.imageNotFound },
} as const satisfies SqlStateMap;
