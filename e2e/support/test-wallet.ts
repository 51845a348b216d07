import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import bs58 from 'bs58';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A real ed25519 key pair standing in for a Phantom account. */
export class TestWallet {
  readonly address: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.address = bs58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(ED25519_SPKI_PREFIX.length));
    this.privateKey = privateKey;
  }

  sign(message: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, message, this.privateKey));
  }
}

/** Whether `signature` is `address`'s ed25519 signature of `message`, checked from the address alone. */
export const signatureVerifies = (address: string, message: Uint8Array, signature: Uint8Array): boolean => {
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, bs58.decode(address)]), format: 'der', type: 'spki' });
  return verify(null, message, key, signature);
};
