import { marketplaceErrorCodes, marketplaceMessages } from '@starforge/contracts/marketplace';
import { failureMessage } from '@starforge/host';

/**
 * A refused payment in the buyer's words: the server's own for a refusal (a changed price names
 * the new one; a cart line sold meanwhile is named, and nothing was bought); an order that changed
 * since the page showed it says so; anything else the tab's fallback
 * ('Payment failed. Please try again.', 'Solana payment failed. Please try again.').
 */
export const checkoutFailure = (error: unknown, fallback: string): string =>
  failureMessage(error, {
    fallback,
    codes: {
      [marketplaceErrorCodes.orderChanged]: marketplaceMessages.orderChanged,
    },
  });
