import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import bs58 from 'bs58';

// DER header of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow it.
const SPKI_PREFIX_LENGTH = 12;

/** A Solana-style wallet for the benchmarks: a real ed25519 key pair, address in base58. */
export class BenchWallet {
  readonly address: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.address = bs58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX_LENGTH));
    this.privateKey = privateKey;
  }

  /** The ed25519 signature of the UTF-8 message, base64 (the wire format of grant_type=wallet). */
  signBase64(message: string): string {
    return sign(null, Buffer.from(message, 'utf8'), this.privateKey).toString('base64');
  }
}
