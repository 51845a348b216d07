import type { WalletChallenge, WalletProofBody } from '@starforge/contracts';
import type { PhantomProvider } from '@starforge/host';

/** Standard base64 of raw bytes (the wire format of a wallet signature). */
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Asks the wallet to connect and returns its address (base58). */
export const connectWallet = async (provider: PhantomProvider): Promise<string> => {
  const { publicKey } = await provider.connect();
  return publicKey.toString();
};

/**
 * Proves control of `address`: the auth service issues a single-use challenge, the wallet
 * signs its UTF-8 text, and the proof goes back as `{ address, message, signature }`.
 */
export const proveWallet = async (
  provider: PhantomProvider,
  address: string,
  requestChallenge: (address: string) => Promise<WalletChallenge>,
): Promise<WalletProofBody> => {
  const { message } = await requestChallenge(address);
  const { signature } = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
  return { address, message, signature: bytesToBase64(signature) };
};
