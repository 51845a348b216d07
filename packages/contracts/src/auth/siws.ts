import '../shared/zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '../shared/constants';

/**
 * Sign-In With Solana (SIWS): the text a wallet signs to prove an address, in the format
 * wallets recognise (derived from EIP-4361). Phantom checks `domain` (and `uri`'s origin)
 * against the page before it prompts, so a phishing page cannot even collect the signature.
 *
 *     {domain} wants you to sign in with your Solana account:
 *     {address}
 *
 *     {statement}
 *
 *     URI: {uri}
 *     Version: 1
 *     Chain ID: {chainId}
 *     Nonce: {nonce}
 *     Issued At: {issuedAt}
 *     Expiration Time: {expirationTime}
 */
export const siwsInputSchema = z.object({
  domain: z.string(),
  address: z.string(),
  statement: z.string(),
  uri: z.string(),
  version: z.literal('1'),
  chainId: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
});
/** What `provider.signIn(input)` takes (wallet standard `SolanaSignInInput`, the fields we use). */
export type SiwsInput = z.infer<typeof siwsInputSchema>;

export const SIWS_CHAIN_ID = 'mainnet';

/** What a wallet proof is good for; a proof made for one is refused for the other. */
export const walletProofPurposes = ['sign_in', 'link'] as const;
export type WalletProofPurpose = (typeof walletProofPurposes)[number];

/** The sentence the user reads in the wallet: the spec's for sign-in, its like for linking. */
export const siwsStatement = (purpose: WalletProofPurpose, address: string): string =>
  purpose === 'sign_in' ? `Sign in to ${PRODUCT_NAME} with wallet: ${address}` : `Link wallet ${address} to your ${PRODUCT_NAME} account`;

/** The SIWS text of an input, field by field in the standard's order (as wallets build it). */
export const siwsMessage = (input: SiwsInput): string =>
  [
    `${input.domain} wants you to sign in with your Solana account:`,
    input.address,
    '',
    input.statement,
    '',
    `URI: ${input.uri}`,
    `Version: ${input.version}`,
    `Chain ID: ${input.chainId}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${input.issuedAt}`,
    `Expiration Time: ${input.expirationTime}`,
  ].join('\n');
