import { atom, useAtomValue } from 'jotai';
// Types only: @solana/web3.js itself loads only on the screens that sign (DESIGN.md, "Browser wallet").
import type { SendOptions, Transaction, VersionedTransaction } from '@solana/web3.js';

/** The part of Phantom's provider API the product uses (`window.phantom.solana` / `window.solana`). */
export interface PhantomPublicKey {
  toString(): string;
  toBase58?(): string;
}

/** What Phantom signs: a `@solana/web3.js@1` legacy `Transaction` or a `VersionedTransaction`. */
export type PhantomTransaction = Transaction | VersionedTransaction;

export interface PhantomProvider {
  isPhantom?: boolean;
  publicKey?: PhantomPublicKey | null;
  isConnected?: boolean;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: PhantomPublicKey }>;
  disconnect(): Promise<void>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array; publicKey?: PhantomPublicKey }>;
  /**
   * Signs `transaction` with the connected account (an ed25519 signature over its message bytes,
   * in that account's signer slot) without sending it, and resolves to the signed transaction of
   * the same kind; the screen submits it. Needs a fee payer and a recent blockhash already set.
   */
  signTransaction<T extends PhantomTransaction>(transaction: T): Promise<T>;
  /**
   * Phantom's own: signs and sends through the wallet's RPC node; resolves to the transaction
   * signature (base58). Optional: other wallets answering at `window.solana`, and the browser
   * tests' wallet (which reaches no cluster), do not offer it; sign with `signTransaction` then.
   */
  signAndSendTransaction?<T extends PhantomTransaction>(transaction: T, options?: SendOptions): Promise<{ signature: string; publicKey: PhantomPublicKey }>;
}

declare global {
  interface Window {
    phantom?: { solana?: PhantomProvider };
    solana?: PhantomProvider;
  }
}

export const getPhantomProvider = (): PhantomProvider | null => {
  if (typeof window === 'undefined') return null;
  return window.phantom?.solana ?? window.solana ?? null;
};

export const PHANTOM_DOWNLOAD_URL = 'https://phantom.app/download';

export type WalletState = { status: 'disconnected'; address: '' } | { status: 'connecting'; address: '' } | { status: 'connected'; address: string };

/** The browser wallet as the shell's wallet control sees it; every remote may read it. */
export const walletAtom = atom<WalletState>({ status: 'disconnected', address: '' });
export const useWallet = (): WalletState => useAtomValue(walletAtom);
