import { createPublicKey, verify } from 'node:crypto';
import type { WalletProofBody } from '@starforge/contracts/auth';
import { decodeSolanaAddress } from '@starforge/service-kit';
import { invalidWalletAddress, walletProofInvalid } from './errors';

// DER header of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow it.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether `signature` (base64, 64 bytes) is the wallet's ed25519 signature of the UTF-8 message. */
const isWalletSignatureValid = (publicKey: Uint8Array, message: string, signature: string): boolean => {
  const signatureBytes = Buffer.from(signature, 'base64');
  if (signatureBytes.length !== 64) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(message, 'utf8'), key, signatureBytes);
  } catch {
    return false;
  }
};

/**
 * The first step of any wallet proof, before the database is touched: the address must be a
 * 32-byte key (else 400) and the signature must be its signature of the message (else 401),
 * so a forged attempt cannot spend the real owner's challenge.
 */
export const assertWalletSignature = (proof: WalletProofBody, failure: string): void => {
  const publicKey = decodeSolanaAddress(proof.address);
  if (!publicKey) throw invalidWalletAddress();
  if (!isWalletSignatureValid(publicKey, proof.message, proof.signature)) throw walletProofInvalid(failure);
};
