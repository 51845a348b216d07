import type { WalletProofBody } from '@starforge/contracts';
import { decodeWalletAddress, isWalletSignatureValid } from '../domain/wallet-proof';
import { invalidWalletAddress, walletProofInvalid } from './auth-errors';

/**
 * The first step of any wallet proof, before the database is touched: the address must be a
 * 32-byte key (else 400) and the signature must be its signature of the message (else 401),
 * so a forged attempt cannot spend the real owner's challenge.
 */
export const assertWalletSignature = (proof: WalletProofBody, failure: string): void => {
  const publicKey = decodeWalletAddress(proof.address);
  if (!publicKey) throw invalidWalletAddress();
  if (!isWalletSignatureValid(publicKey, proof.message, proof.signature)) throw walletProofInvalid(failure);
};
