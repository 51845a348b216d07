import { solanaPaymentMessages, lamportsOfCents, type SolanaPaymentRequest } from '../wire';

export type SolanaInput = { ok: true; walletAddress: string } | { ok: false; message: string };

/**
 * Paying with Solana needs a signed-in user ('User not authenticated'), a connected wallet the
 * page can ask to sign ('Please connect your Solana wallet first'), and nothing the caller says
 * stands in the way of the payment (`problem`: an empty cart, a sold NFT).
 */
export const solanaInput = ({
  signedIn,
  walletAddress,
  canSign,
  problem = null,
}: {
  signedIn: boolean;
  walletAddress: string;
  canSign: boolean;
  problem?: string | null;
}): SolanaInput => {
  if (!signedIn) return { ok: false, message: solanaPaymentMessages.userNotAuthenticated };
  if (!walletAddress || !canSign) return { ok: false, message: solanaPaymentMessages.connectWallet };
  return problem ? { ok: false, message: problem } : { ok: true, walletAddress };
};

/**
 * Whether the server's payment request is for the total the page shows (the order may have
 * changed in another tab): the wallet is asked to sign only what the payer saw, total / 100 in SOL.
 */
export const requestMatchesTotal = (request: Pick<SolanaPaymentRequest, 'total_cents' | 'lamports'>, totalCents: number): boolean =>
  request.total_cents === totalCents && request.lamports === lamportsOfCents(totalCents).toString();
