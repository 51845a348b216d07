import type { Page } from '@playwright/test';
import type { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import { siwsMessage, type SiwsInput } from '@starforge/contracts/auth';
import type { PhantomProvider } from '@starforge/host/wallet';
import { TestWallet } from './test-wallet';

export interface PhantomOptions {
  /** Sign with a different key than the address claims (a forging wallet). */
  forge?: boolean;
  /** Make connect() fail, as when the user rejects the request. */
  rejectConnect?: boolean;
  /**
   * Offer Sign-In With Solana (`signIn(input)`): the wallet builds the message from the input
   * and, as Phantom does, refuses without prompting when its domain is not the page's host.
   */
  signIn?: boolean;
}

/**
 * Injects a provider with Phantom's API (`window.phantom.solana` and `window.solana`) whose
 * signatures are made in Node with a real ed25519 key, so the server verifies real proofs.
 * `signTransaction` signs a `@solana/web3.js@1` `Transaction` or `VersionedTransaction` as Phantom
 * does: the ed25519 signature of the transaction's message bytes, put in this account's signer
 * slot. There is no `signAndSendTransaction`: this wallet reaches no cluster.
 */
export const installPhantom = async (page: Page, wallet: TestWallet, options: PhantomOptions = {}): Promise<void> => {
  const forger = new TestWallet();
  await page.exposeFunction('__e2eWalletSign', (messageBase64: string) => {
    const message = new Uint8Array(Buffer.from(messageBase64, 'base64'));
    const signature = (options.forge ? forger : wallet).sign(message);
    return Buffer.from(signature).toString('base64');
  });
  await page.exposeFunction('__e2eWalletSignIn', (input: SiwsInput) => {
    const message = new TextEncoder().encode(siwsMessage(input));
    const signature = (options.forge ? forger : wallet).sign(message);
    return { message: Buffer.from(message).toString('base64'), signature: Buffer.from(signature).toString('base64') };
  });
  await page.addInitScript(
    ({ address, rejectConnect, signIn }) => {
      type Sign = (b64: string) => Promise<string>;
      type SignIn = (input: { domain: string }) => Promise<{ message: string; signature: string }>;
      const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const base64 = (data: Uint8Array) => {
        let binary = '';
        for (const b of data) binary += String.fromCharCode(b);
        return btoa(binary);
      };
      const signBytes = async (message: Uint8Array) => bytes(await (window as unknown as { __e2eWalletSign: Sign }).__e2eWalletSign(base64(message)));
      const publicKey = { toString: () => address, toBase58: () => address };
      const provider = {
        isPhantom: true,
        isConnected: false as boolean,
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
          return { signature: await signBytes(message), publicKey };
        },
        async signTransaction<T extends Transaction | VersionedTransaction>(transaction: T): Promise<T> {
          if (!provider.isConnected) throw Object.assign(new Error('The wallet is not connected.'), { code: 4100 });
          // The page's own @solana/web3.js built the transaction: its methods and PublicKeys are used, as Phantom takes either kind.
          const slotOf = (signers: PublicKey[]) => {
            const key = signers.find((k) => k.toBase58() === address);
            if (!key) throw Object.assign(new Error(`The transaction does not ask ${address} to sign.`), { code: -32602 });
            return key;
          };
          const tx: Transaction | VersionedTransaction = transaction;
          if ('version' in tx) {
            const { message } = tx;
            const key = slotOf(message.staticAccountKeys.slice(0, message.header.numRequiredSignatures));
            tx.addSignature(key, await signBytes(message.serialize()));
          } else {
            const message = tx.serializeMessage(); // compiling it lists the signer slots
            const key = slotOf(tx.signatures.map((s) => s.publicKey));
            tx.addSignature(key, (await signBytes(message)) as Buffer);
          }
          return transaction;
        },
      } satisfies PhantomProvider;
      if (signIn) {
        Object.assign(provider, {
          async signIn(input: { domain: string }) {
            if (input.domain !== window.location.host) throw Object.assign(new Error('Invalid Input'), { code: -32000 });
            const signed = await (window as unknown as { __e2eWalletSignIn: SignIn }).__e2eWalletSignIn(input);
            return { account: { address }, signedMessage: bytes(signed.message), signature: bytes(signed.signature) };
          },
        });
      }
      Object.assign(window, { phantom: { solana: provider }, solana: provider });
    },
    { address: wallet.address, rejectConnect: options.rejectConnect ?? false, signIn: options.signIn ?? false },
  );
};
