import type { SiwsInput, WalletChallenge, WalletProofBody } from '@starforge/contracts/auth';
import type { PhantomProvider } from '@starforge/host';

/** What Phantom's (and the wallet standard's) `signIn` answers; older Phantom builds name the address `address`. */
interface SignInOutput {
  account?: { address: string };
  address?: { toString(): string } | string;
  signedMessage: Uint8Array;
  signature: Uint8Array;
}

/**
 * What proving an address needs of a provider: connect and sign a message, or, when it offers
 * Sign-In With Solana, `signIn`, where the wallet builds the message from the input.
 */
export type SignInCapableProvider = Pick<PhantomProvider, 'connect' | 'signMessage'> & { signIn?: (input: SiwsInput) => Promise<SignInOutput> };

/** Standard base64 of raw bytes (the wire format of a wallet signature). */
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Asks the wallet to connect and returns its address (base58). */
export const connectWallet = async (provider: Pick<PhantomProvider, 'connect'>): Promise<string> => {
  const { publicKey } = await provider.connect();
  return publicKey.toString();
};

/**
 * Proves control of `address`: the auth service issues a single-use Sign-In With Solana
 * challenge; a wallet with `signIn` builds and signs the message itself from the challenge's
 * input (and checks its domain against the page), any other signs the challenge's text. The
 * proof goes back as `{ address, message, signature }`; the server checks it the same way.
 */
export const proveWallet = async (
  provider: SignInCapableProvider,
  address: string,
  requestChallenge: (address: string) => Promise<WalletChallenge>,
): Promise<WalletProofBody> => {
  const challenge = await requestChallenge(address);
  if (provider.signIn) {
    const output = await provider.signIn(challenge.input);
    const signer = output.account?.address ?? output.address?.toString() ?? address;
    return { address: signer, message: new TextDecoder().decode(output.signedMessage), signature: bytesToBase64(output.signature) };
  }
  const { signature } = await provider.signMessage(new TextEncoder().encode(challenge.message), 'utf8');
  return { address, message: challenge.message, signature: bytesToBase64(signature) };
};
