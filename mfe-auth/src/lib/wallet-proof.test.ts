import { describe, expect, it } from 'vitest';
import type { PhantomProvider } from '@starforge/host';
import { bytesToBase64, connectWallet, proveWallet } from './wallet-proof';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const challengeFor = (message: string) => async () => ({ nonce: 'n', message, issued_at: '', expires_at: '' });
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A provider backed by a real ed25519 key (WebCrypto), as the browser tests inject one. */
const fakeWallet = async (): Promise<{ provider: PhantomProvider; verifyKey: CryptoKey }> => {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = { toString: () => ADDRESS };
  const provider: PhantomProvider = {
    isPhantom: true,
    connect: async () => ({ publicKey }),
    disconnect: async () => {},
    signMessage: async (message) => ({ signature: new Uint8Array(await crypto.subtle.sign('Ed25519', keys.privateKey, new Uint8Array(message))), publicKey }),
  };
  return { provider, verifyKey: keys.publicKey };
};

describe('bytesToBase64', () => {
  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff]))).toBe('+/8=');
  });
});

describe('proveWallet', () => {
  it('signs the challenge text and returns a verifiable proof', async () => {
    const { provider, verifyKey } = await fakeWallet();
    const address = await connectWallet(provider);
    expect(address).toBe(ADDRESS);
    const message = `Sign in to Starforge with wallet: ${address}\n\nNonce: n`;
    const asked: string[] = [];
    const proof = await proveWallet(provider, address, async (a) => {
      asked.push(a);
      return challengeFor(message)();
    });
    expect(asked).toEqual([ADDRESS]);
    expect(proof).toMatchObject({ address: ADDRESS, message });
    const valid = await crypto.subtle.verify('Ed25519', verifyKey, fromBase64(proof.signature), new TextEncoder().encode(message));
    expect(valid).toBe(true);
  });

  it('propagates a refused signature', async () => {
    const { provider } = await fakeWallet();
    provider.signMessage = () => Promise.reject(new Error('User rejected the request.'));
    await expect(proveWallet(provider, ADDRESS, challengeFor('m'))).rejects.toThrow('User rejected');
  });
});
