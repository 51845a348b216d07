import { describe, expect, it } from 'vitest';
import { siwsMessage, type SiwsInput, type WalletChallenge } from '@starforge/contracts/auth';
import { bytesToBase64, connectWallet, proveWallet, type SignInCapableProvider } from './wallet-proof';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const input: SiwsInput = {
  domain: 'localhost:3000',
  address: ADDRESS,
  statement: `Sign in to Starforge with wallet: ${ADDRESS}`,
  uri: 'http://localhost:3000',
  version: '1',
  chainId: 'mainnet',
  nonce: 'n0',
  issuedAt: '2026-11-22T12:00:00.000Z',
  expirationTime: '2026-11-22T12:05:00.000Z',
};
const challenge: WalletChallenge = { nonce: 'n0', message: siwsMessage(input), input, issued_at: input.issuedAt, expires_at: input.expirationTime };
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A provider backed by a real ed25519 key (WebCrypto), as the browser tests inject one. */
const fakeWallet = async (): Promise<{ provider: SignInCapableProvider; verifyKey: CryptoKey; sign: (bytes: Uint8Array) => Promise<Uint8Array> }> => {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const sign = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.sign('Ed25519', keys.privateKey, new Uint8Array(bytes)));
  const publicKey = { toString: () => ADDRESS };
  const provider: SignInCapableProvider = {
    connect: async () => ({ publicKey }),
    signMessage: async (message) => ({ signature: await sign(message), publicKey }),
  };
  return { provider, verifyKey: keys.publicKey, sign };
};
const verifies = (key: CryptoKey, signature: string, message: string) =>
  crypto.subtle.verify('Ed25519', key, fromBase64(signature), new TextEncoder().encode(message));

describe('bytesToBase64', () => {
  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff]))).toBe('+/8=');
  });
});

describe('proveWallet', () => {
  it('signs the challenge text with signMessage when the wallet has no signIn', async () => {
    const { provider, verifyKey } = await fakeWallet();
    const address = await connectWallet(provider);
    expect(address).toBe(ADDRESS);
    const asked: string[] = [];
    const proof = await proveWallet(provider, address, async (a) => {
      asked.push(a);
      return challenge;
    });
    expect(asked).toEqual([ADDRESS]);
    expect(proof).toMatchObject({ address: ADDRESS, message: challenge.message });
    expect(await verifies(verifyKey, proof.signature, challenge.message)).toBe(true);
  });

  it('lets a wallet with signIn build the message from the input, and sends what it signed', async () => {
    const { provider, verifyKey, sign } = await fakeWallet();
    const given: SiwsInput[] = [];
    provider.signMessage = () => Promise.reject(new Error('signMessage must not be used'));
    provider.signIn = async (signInInput) => {
      given.push(signInInput);
      const signedMessage = new TextEncoder().encode(siwsMessage(signInInput));
      return { account: { address: ADDRESS }, signedMessage, signature: await sign(signedMessage) };
    };
    const proof = await proveWallet(provider, ADDRESS, async () => challenge);
    expect(given).toEqual([input]);
    expect(proof).toMatchObject({ address: ADDRESS, message: challenge.message });
    expect(await verifies(verifyKey, proof.signature, challenge.message)).toBe(true);
  });

  it('propagates a refused signature', async () => {
    const { provider } = await fakeWallet();
    provider.signMessage = () => Promise.reject(new Error('User rejected the request.'));
    await expect(proveWallet(provider, ADDRESS, async () => challenge)).rejects.toThrow('User rejected');
  });
});
