import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import bs58 from 'bs58';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { newSolanaReference, offlineSolanaSettlement } from './settlement';
import { forgedSignature, signedTransfer, transferTransaction, type TestTransfer } from './testing/signed-transfer';
import { verifySolanaTransfer, type ExpectedSolanaTransfer } from './verify-transfer';

const setup = () => {
  const payer = Keypair.generate();
  const transfer: TestTransfer = {
    payer,
    recipient: Keypair.generate().publicKey.toBase58(),
    lamports: 123_400_000n,
    reference: newSolanaReference(),
    recentBlockhash: bs58.encode(randomBytes(32)),
  };
  const expected: ExpectedSolanaTransfer = {
    payer: payer.publicKey.toBase58(),
    recipient: transfer.recipient,
    lamports: transfer.lamports,
    reference: transfer.reference ?? '',
    recentBlockhash: transfer.recentBlockhash,
  };
  return { payer, transfer, expected };
};

const problemOf = (base64: string, expected: ExpectedSolanaTransfer) => {
  const check = verifySolanaTransfer(base64, expected);
  return check.ok ? 'ok' : check.problem;
};

/** An ed25519 signature by the key pair, made with node:crypto (PKCS#8 holds the 32-byte seed behind a fixed prefix). */
const ed25519Sign = (keypair: Keypair, message: Buffer): Buffer =>
  sign(
    null,
    message,
    createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), keypair.secretKey.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    }),
  );

const signed = (tx: Transaction, ...signers: Keypair[]) => {
  tx.sign(...signers);
  return tx.serialize().toString('base64');
};

describe('verifySolanaTransfer', () => {
  it("accepts a real transfer signed by the payer: the payer, the signature (the transaction's id) and the lamports", () => {
    const { payer, transfer, expected } = setup();
    const tx = transferTransaction(transfer);
    tx.sign(payer);
    const check = verifySolanaTransfer(tx.serialize().toString('base64'), expected);
    expect(check).toEqual({
      ok: true,
      transfer: { payer: expected.payer, signature: bs58.encode(tx.signature ?? Buffer.alloc(0)), lamports: 123_400_000n, wire: tx.serialize() },
    });
  });

  it('refuses a forged signature, an unsigned transaction and one signed by another key', () => {
    const { payer, transfer, expected } = setup();
    expect(problemOf(forgedSignature(signedTransfer(transfer)), expected)).toBe('signatures');
    const unsigned = transferTransaction(transfer).serialize({ requireAllSignatures: false }).toString('base64');
    expect(problemOf(unsigned, expected)).toBe('signatures');
    // The payer's slot holding another key's signature over the same message.
    const tx = transferTransaction(transfer);
    tx.addSignature(payer.publicKey, ed25519Sign(Keypair.generate(), tx.serializeMessage()));
    expect(problemOf(tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'), expected)).toBe('signatures');
  });

  it('refuses a transfer paid by another wallet than the one named, even well signed', () => {
    const { transfer, expected } = setup();
    const other = Keypair.generate();
    expect(problemOf(signedTransfer({ ...transfer, payer: other }), expected)).toBe('fee_payer');
  });

  it('refuses a fee payer other than the sender (two signers)', () => {
    const { payer, transfer, expected } = setup();
    const sponsor = Keypair.generate();
    const tx = transferTransaction(transfer);
    tx.feePayer = sponsor.publicKey;
    expect(problemOf(signed(tx, sponsor, payer), expected)).toBe('signatures');
  });

  it("refuses a transfer out of another account than the payer's, signed by the payer alone", () => {
    const { payer, transfer, expected } = setup();
    const tx = transferTransaction(transfer);
    const instruction = tx.instructions[0];
    if (!instruction) throw new Error('no instruction');
    instruction.keys[0] = { pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: true };
    expect(problemOf(signed(tx, payer), expected)).toBe('sender');
  });

  it('refuses the wrong recipient, the wrong amount, a missing reference and another blockhash', () => {
    const { transfer, expected } = setup();
    expect(problemOf(signedTransfer({ ...transfer, recipient: Keypair.generate().publicKey.toBase58() }), expected)).toBe('recipient');
    expect(problemOf(signedTransfer({ ...transfer, lamports: transfer.lamports - 1n }), expected)).toBe('amount');
    expect(problemOf(signedTransfer({ ...transfer, lamports: transfer.lamports + 100_000n }), expected)).toBe('amount');
    expect(problemOf(signedTransfer({ ...transfer, reference: null }), expected)).toBe('reference');
    expect(problemOf(signedTransfer({ ...transfer, reference: newSolanaReference() }), expected)).toBe('reference');
    expect(problemOf(signedTransfer({ ...transfer, recentBlockhash: bs58.encode(randomBytes(32)) }), expected)).toBe('blockhash');
  });

  it('refuses the reference as a writable or signing key', () => {
    const { payer, transfer, expected } = setup();
    const tx = transferTransaction({ ...transfer, reference: null });
    tx.instructions[0]?.keys.push({ pubkey: new PublicKey(expected.reference), isSigner: false, isWritable: true });
    expect(problemOf(signed(tx, payer), expected)).toBe('reference');
  });

  it("accepts the Compute Budget instructions a wallet adds when it signs (Phantom's priority fee), before or after the transfer", () => {
    const { payer, transfer, expected } = setup();
    const prepended = new Transaction({ feePayer: payer.publicKey, recentBlockhash: transfer.recentBlockhash }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
      ...transferTransaction(transfer).instructions,
    );
    expect(problemOf(signed(prepended, payer), expected)).toBe('ok');
    const appended = transferTransaction(transfer).add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }));
    expect(problemOf(signed(appended, payer), expected)).toBe('ok');
  });

  it('refuses a second transfer, no transfer at all, another program and another System instruction', () => {
    const { payer, transfer, expected } = setup();
    const twice = transferTransaction(transfer).add(...transferTransaction(transfer).instructions);
    expect(problemOf(signed(twice, payer), expected)).toBe('instructions');
    const budget = new Transaction({ feePayer: payer.publicKey, recentBlockhash: transfer.recentBlockhash }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1000 }),
    );
    expect(problemOf(signed(budget, payer), expected)).toBe('instructions');
    const assign = new Transaction({ feePayer: payer.publicKey, recentBlockhash: transfer.recentBlockhash }).add(
      SystemProgram.assign({ accountPubkey: payer.publicKey, programId: new PublicKey(expected.recipient) }),
    );
    expect(problemOf(signed(assign, payer), expected)).toBe('not_a_transfer');
  });

  it('refuses bytes that are not one legacy transaction: garbage, trailing bytes, a versioned (v0) transaction', () => {
    const { payer, transfer, expected } = setup();
    expect(problemOf('', expected)).toBe('malformed');
    expect(problemOf(randomBytes(200).toString('base64'), expected)).toBe('malformed');
    const wire = Buffer.from(signedTransfer(transfer), 'base64');
    expect(problemOf(Buffer.concat([wire, Buffer.from([0])]).toString('base64'), expected)).toBe('malformed');
    expect(problemOf(wire.subarray(0, wire.length - 1).toString('base64'), expected)).toBe('malformed');
    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: transfer.recentBlockhash,
        instructions: transferTransaction(transfer).instructions,
      }).compileToV0Message(),
    );
    v0.sign([payer]);
    expect(problemOf(Buffer.from(v0.serialize()).toString('base64'), expected)).toBe('malformed');
  });
});

describe('offlineSolanaSettlement', () => {
  it('hands out a fresh 32-byte blockhash per request and settles a verified transaction as it is', async () => {
    const [a, b] = await Promise.all([offlineSolanaSettlement.latestBlockhash(), offlineSolanaSettlement.latestBlockhash()]);
    expect(bs58.decode(a.blockhash)).toHaveLength(32);
    expect(a.blockhash).not.toBe(b.blockhash);
    expect(a.lastValidBlockHeight).toBeNull();
    expect(await offlineSolanaSettlement.settle(Buffer.alloc(1), { signature: 'sig', ...a })).toEqual({ signature: 'sig' });
    expect(bs58.decode(newSolanaReference())).toHaveLength(32);
  });
});
