import type { Page } from '@playwright/test';
import { TestWallet } from './test-wallet';

export interface PhantomOptions {
  /** Sign with a different key than the address claims (a forging wallet). */
  forge?: boolean;
  /** Make connect() fail, as when the user rejects the request. */
  rejectConnect?: boolean;
}

/**
 * Injects a provider with Phantom's API (`window.phantom.solana` and `window.solana`) whose
 * signatures are made in Node with a real ed25519 key, so the server verifies real proofs.
 */
export const installPhantom = async (page: Page, wallet: TestWallet, options: PhantomOptions = {}): Promise<void> => {
  const forger = new TestWallet();
  await page.exposeFunction('__e2eWalletSign', (messageBase64: string) => {
    const message = new Uint8Array(Buffer.from(messageBase64, 'base64'));
    const signature = (options.forge ? forger : wallet).sign(message);
    return Buffer.from(signature).toString('base64');
  });
  await page.addInitScript(
    ({ address, rejectConnect }) => {
      type Sign = (b64: string) => Promise<string>;
      const publicKey = { toString: () => address, toBase58: () => address };
      const provider = {
        isPhantom: true,
        isConnected: false,
        publicKey: null as typeof publicKey | null,
        async connect() {
          if (rejectConnect) throw new Error('User rejected the request.');
          provider.publicKey = publicKey;
          provider.isConnected = true;
          return { publicKey };
        },
        async disconnect() {
          provider.publicKey = null;
          provider.isConnected = false;
        },
        async signMessage(message: Uint8Array) {
          let binary = '';
          message.forEach((b) => (binary += String.fromCharCode(b)));
          const signature = await (window as unknown as { __e2eWalletSign: Sign }).__e2eWalletSign(btoa(binary));
          return { signature: Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)), publicKey };
        },
      };
      Object.assign(window, { phantom: { solana: provider }, solana: provider });
    },
    { address: wallet.address, rejectConnect: options.rejectConnect ?? false },
  );
};
