import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import bs58 from 'bs58';

/** A real ed25519 key pair standing in for a Phantom account. */
export class TestWallet {
  readonly address: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    // The raw 32-byte key sits after the 12-byte SPKI prefix.
    this.address = bs58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
    this.privateKey = privateKey;
  }

  sign(message: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, message, this.privateKey));
  }
}
