import { Keypair, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { paymentTransaction, signedTransactionBase64 } from './solana-transaction';

// Real keys and a real signature: what the server receives is decoded here as it will decode it.
const request = () => ({
  treasury: Keypair.generate().publicKey.toBase58(),
  lamports: '1250000000',
  reference: Keypair.generate().publicKey.toBase58(),
  recent_blockhash: Keypair.generate().publicKey.toBase58(),
});

describe('the Solana payment transaction', () => {
  it('transfers exactly the lamports from the wallet to the treasury, with the reference as a read-only key', () => {
    const wallet = Keypair.generate();
    const asked = request();
    const tx = paymentTransaction(asked, wallet.publicKey.toBase58());
    tx.sign(wallet);

    const sent = Transaction.from(Buffer.from(signedTransactionBase64(tx), 'base64'));
    expect(sent.verifySignatures()).toBe(true);
    expect(sent.feePayer?.toBase58()).toBe(wallet.publicKey.toBase58());
    expect(sent.recentBlockhash).toBe(asked.recent_blockhash);
    expect(sent.instructions).toHaveLength(1);
    const [instruction] = sent.instructions;
    expect(instruction?.programId.equals(SystemProgram.programId)).toBe(true);
    const transfer = SystemInstruction.decodeTransfer(instruction!);
    expect(transfer.fromPubkey.toBase58()).toBe(wallet.publicKey.toBase58());
    expect(transfer.toPubkey.toBase58()).toBe(asked.treasury);
    expect(transfer.lamports).toBe(1_250_000_000n);
    expect(instruction?.keys[2]).toEqual({ pubkey: expect.anything(), isSigner: false, isWritable: false });
    expect(instruction?.keys[2]?.pubkey.toBase58()).toBe(asked.reference);
  });

  it('carries a u64 amount beyond 2^53 exactly', () => {
    const wallet = Keypair.generate();
    const tx = paymentTransaction({ ...request(), lamports: '9007199254740993' }, wallet.publicKey.toBase58());
    expect(SystemInstruction.decodeTransfer(tx.instructions[0]!).lamports).toBe(9_007_199_254_740_993n);
  });

  it('refuses to send a transaction the wallet did not sign, or signed with another key', () => {
    const wallet = Keypair.generate();
    const unsigned = paymentTransaction(request(), wallet.publicKey.toBase58());
    expect(() => signedTransactionBase64(unsigned)).toThrow();
    const forged = paymentTransaction(request(), wallet.publicKey.toBase58());
    forged.addSignature(wallet.publicKey, Buffer.from(Keypair.generate().secretKey.slice(0, 64)));
    expect(() => signedTransactionBase64(forged)).toThrow();
  });
});
