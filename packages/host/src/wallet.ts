import { atom, useAtomValue } from 'jotai';

/** The part of Phantom's provider API the product uses (`window.phantom.solana` / `window.solana`). */
export interface PhantomPublicKey {
  toString(): string;
  toBase58?(): string;
}
export interface PhantomProvider {
  isPhantom?: boolean;
  publicKey?: PhantomPublicKey | null;
  isConnected?: boolean;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: PhantomPublicKey }>;
  disconnect(): Promise<void>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array; publicKey?: PhantomPublicKey }>;
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
