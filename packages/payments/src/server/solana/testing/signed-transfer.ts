import bs58 from 'bs58';
import { type Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';

/** A transfer as a wallet builds it for a payment request (Solana Pay's shape), before it is signed. */
export interface TestTransfer {
  /** The paying wallet: the sender, the fee payer and the signer. */
  payer: Keypair;
  recipient: string;
  lamports: bigint;
  /** Added as a read-only, non-signer key of the transfer; null leaves it out. */
  reference: string | null;
  recentBlockhash: string;
}

/** The unsigned legacy transaction: one System Program transfer carrying the reference. */
export const transferTransaction = ({ payer, recipient, lamports, reference, recentBlockhash }: TestTransfer): Transaction => {
  const instruction = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(recipient), lamports });
  if (reference) instruction.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return new Transaction({ feePayer: payer.publicKey, recentBlockhash }).add(instruction);
};

/** The transaction signed by its payer, in base64, as a client posts what `signTransaction` gave it. */
export const signedTransfer = (transfer: TestTransfer): string => {
  const tx = transferTransaction(transfer);
  tx.sign(transfer.payer);
  return tx.serialize().toString('base64');
};

/** The same bytes with one bit of the payer's signature flipped: a forgery. */
export const forgedSignature = (base64: string): string => {
  const wire = Buffer.from(base64, 'base64');
  // Byte 0 is the signature count (1); the 64-byte signature follows.
  wire[10] = (wire[10] ?? 0) ^ 1;
  return wire.toString('base64');
};

/** The transaction's id as the network names it: the base58 of its first signature, read straight from the wire bytes. */
export const signatureOf = (base64: string): string => bs58.encode(Buffer.from(base64, 'base64').subarray(1, 65));
