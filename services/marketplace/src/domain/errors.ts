import { marketplaceErrorCodes, marketplaceMessages, priceChangedMessage } from '@starforge/contracts/marketplace';
import { ApiError, badRequest, conflict, type SqlStateMap } from '@starforge/service-kit';
import { nftSqlStates } from '@starforge/nft-published/sql-states';
import { rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import { solanaPaymentErrors } from '@starforge/payments/server/solana/errors';

/**
 * Every SQLSTATE the functions this service calls raise, as it answers them: the maps of the two
 * clients it uses, nft's (`lockOwnedNft`: NF001 404, NF002 403 not_owner, NF003 409 not_minted;
 * `createCompletedNft`: NF004) and rewards' (the checkout's moves: RW002). The service raises
 * none of its own: its refusals are thrown below. Registered with createServiceApp.
 */
export const marketplaceServiceSqlStates: SqlStateMap = { ...rewardsSqlStates, ...nftSqlStates };

/** 409: the NFT already has an active listing (the check, or the one-listed-row index). */
export const alreadyListed = () => conflict(marketplaceMessages.alreadyListed, marketplaceErrorCodes.alreadyListed);

/** 409: the NFT has no active listing to remove. */
export const notListed = () => conflict(marketplaceMessages.notForSale, marketplaceErrorCodes.notListed);

/** 404 for an id no NFT has, as nft's own NF001 answers it. */
export const nftNotFound = () => new ApiError(nftSqlStates.NF001.status, nftSqlStates.NF001.code, nftSqlStates.NF001.message);

/** 400: the caller sells this NFT (its own NFT cannot be bought). */
export const ownNft = () => badRequest(marketplaceMessages.ownNft, marketplaceErrorCodes.ownNft);

/** 409: the listing was sold or withdrawn since it was added (the message may name the cart line); the buyer is not charged. */
export const listingSold = (message: string = marketplaceMessages.listingSold) => conflict(message, marketplaceErrorCodes.listingSold);

/** 409: the listing's price is not the one in the cart; the message names the new price. */
export const priceChanged = (newPriceCents: number) => conflict(priceChangedMessage(newPriceCents), marketplaceErrorCodes.priceChanged);

/** 400: nothing to pay for. */
export const cartEmpty = () => badRequest(marketplaceMessages.cartEmpty, marketplaceErrorCodes.cartEmpty);

/** 404: the NFT is not in the caller's cart (another user's lines are never seen). */
export const notInCart = () => new ApiError(404, marketplaceErrorCodes.notInCart, marketplaceMessages.notInCart);

/** 409: the Solana transaction was recorded already, under any request (the kit's shared answer). */
export const paymentRequestUsed = solanaPaymentErrors.used;

/** 409: the order is not the one the request priced (other NFTs, another total). */
export const orderChanged = () => conflict(marketplaceMessages.orderChanged, marketplaceErrorCodes.orderChanged);
