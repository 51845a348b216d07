import bs58 from 'bs58';

/**
 * The 32-byte ed25519 public key a Solana address spells in base58, or null when it is not one:
 * a letter outside the base58 alphabet, or a number of bytes other than 32. The server's last
 * word on an address, after the contract's `solanaAddress()` schema has checked its letters
 * and length: auth verifies wallet signatures with the key, rewards pays out to it.
 */
export const decodeSolanaAddress = (address: string): Uint8Array | null => {
  const bytes = bs58.decodeUnsafe(address);
  return bytes?.length === 32 ? bytes : null;
};
