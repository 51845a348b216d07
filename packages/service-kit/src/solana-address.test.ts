import { generateKeyPairSync, randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { decodeSolanaAddress } from './solana-address';

describe('decodeSolanaAddress', () => {
  it("decodes an address to its wallet's 32-byte public key", () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    // The SPKI DER is a 12-byte header followed by the 32 raw key bytes.
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
    expect(Buffer.from(decodeSolanaAddress(bs58.encode(raw)) ?? [])).toEqual(raw);
    // Leading zero bytes are leading 1s: the system program's address is 32 of them.
    expect(decodeSolanaAddress('1'.repeat(32))).toEqual(new Uint8Array(32));
  });

  it('refuses base58 of any other length, even at an address-like number of letters', () => {
    for (const length of [0, 1, 24, 31, 33, 64]) {
      const text = bs58.encode(randomBytes(length));
      expect(decodeSolanaAddress(text), `${length} bytes: ${text}`).toBeNull();
    }
    const short = bs58.encode(Buffer.concat([Buffer.from([1]), randomBytes(23)]));
    expect(short.length).toBeGreaterThanOrEqual(32);
    expect(decodeSolanaAddress(short)).toBeNull();
  });

  it('refuses a letter outside the base58 alphabet', () => {
    const address = bs58.encode(randomBytes(32));
    for (const bad of ['0', 'O', 'I', 'l', ' ', '+', '/', 'é', '\0']) {
      expect(decodeSolanaAddress(`${address.slice(0, 10)}${bad}${address.slice(11)}`), JSON.stringify(bad)).toBeNull();
    }
    expect(decodeSolanaAddress(` ${address}`)).toBeNull();
  });
});
