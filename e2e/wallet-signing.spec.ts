import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { Transaction, VersionedTransaction } from '@solana/web3.js';
import type * as SolanaWeb3 from '@solana/web3.js';
import { expect, test } from './support/fixtures';
import { signatureVerifies } from './support/test-wallet';

// @solana/web3.js@1's browser build, served from the page's own origin so the product's CSP
// (script-src 'self') applies to it as it will to a screen that signs.
const web3Browser = readFileSync(createRequire(import.meta.url).resolve('@solana/web3.js/lib/index.iife.min.js'), 'utf8');

interface Signed {
  /** The signed transactions, serialized (base64); null where the wallet refused. */
  legacy: string | null;
  versioned: string | null;
  /** The legacy transaction's own check, in the page. */
  legacyVerifies: boolean;
  /** What the wallet answered for a transaction whose signer is someone else. */
  othersRefusal: string;
}

/**
 * In the page, with its own @solana/web3.js: a transfer from the connected account as a legacy
 * Transaction and as a v0 VersionedTransaction, each given to the wallet's signTransaction.
 */
const signTransfers = async (page: Page): Promise<Signed> => {
  await page.route('**/e2e-assets/solana-web3.js', (route) => route.fulfill({ contentType: 'text/javascript', body: web3Browser }));
  await page.goto('/');
  await page.addScriptTag({ url: '/e2e-assets/solana-web3.js' });
  return page.evaluate(async () => {
    const { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } = (
      window as unknown as { solanaWeb3: typeof SolanaWeb3 }
    ).solanaWeb3;
    const wallet = window.phantom?.solana;
    if (!wallet) throw new Error('no wallet in the page');
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const payer = new PublicKey((await wallet.connect()).publicKey.toString());
    // Signing is offline: any 32 bytes stand for the recent blockhash.
    const recentBlockhash = Keypair.generate().publicKey.toBase58();
    const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 });

    const legacy = await wallet.signTransaction(new Transaction({ feePayer: payer, recentBlockhash }).add(transfer));
    const message = new TransactionMessage({ payerKey: payer, recentBlockhash, instructions: [transfer] }).compileToV0Message();
    const versioned = await wallet.signTransaction(new VersionedTransaction(message));

    const stranger = Keypair.generate().publicKey;
    const others = new Transaction({ feePayer: stranger, recentBlockhash }).add(SystemProgram.transfer({ fromPubkey: stranger, toPubkey: payer, lamports: 1 }));
    const othersRefusal = await wallet.signTransaction(others).then(
      () => 'signed',
      (error: Error) => error.message,
    );
    return {
      legacy: base64(legacy.serialize({ requireAllSignatures: false, verifySignatures: false })),
      versioned: base64(versioned.serialize()),
      legacyVerifies: legacy.verifySignatures(),
      othersRefusal,
    };
  });
};

const fromBase64 = (text: string | null) => Buffer.from(text ?? '', 'base64');

test.describe('the browser tests’ wallet signs Solana transactions as Phantom does', () => {
  test('signTransaction signs legacy and versioned transactions with the real key, and only its own slot', async ({ page, withPhantom }) => {
    const wallet = await withPhantom();
    const signed = await signTransfers(page);

    const legacy = Transaction.from(fromBase64(signed.legacy));
    expect(signed.legacyVerifies).toBe(true);
    expect(legacy.verifySignatures()).toBe(true);
    expect(legacy.signatures.map((s) => s.publicKey.toBase58())).toEqual([wallet.address]);
    const legacySignature = legacy.signatures[0]?.signature ?? new Uint8Array();
    expect(signatureVerifies(wallet.address, legacy.serializeMessage(), legacySignature)).toBe(true);

    const versioned = VersionedTransaction.deserialize(fromBase64(signed.versioned));
    expect(versioned.message.staticAccountKeys[0]?.toBase58()).toBe(wallet.address);
    expect(signatureVerifies(wallet.address, versioned.message.serialize(), versioned.signatures[0] ?? new Uint8Array())).toBe(true);

    expect(signed.othersRefusal).toBe(`The transaction does not ask ${wallet.address} to sign.`);
  });

  test('a forging wallet’s signatures do not verify', async ({ page, withPhantom }) => {
    const wallet = await withPhantom({ forge: true });
    const signed = await signTransfers(page);

    expect(signed.legacyVerifies).toBe(false);
    const legacy = Transaction.from(fromBase64(signed.legacy));
    expect(legacy.verifySignatures()).toBe(false);
    const versioned = VersionedTransaction.deserialize(fromBase64(signed.versioned));
    expect(signatureVerifies(wallet.address, versioned.message.serialize(), versioned.signatures[0] ?? new Uint8Array())).toBe(false);
  });
});
