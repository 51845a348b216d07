import bs58 from 'bs58';
import { ComputeBudgetProgram, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js';

/** What a payment request asked the wallet to sign: every field as the request stored it. */
export interface ExpectedSolanaTransfer {
  /** The wallet that pays, and so signs and pays the fee (base58). */
  payer: string;
  /** Where the lamports go: the platform's treasury (base58). */
  recipient: string;
  lamports: bigint;
  /** The request's own key, carried by the transfer as a read-only, non-signer account (Solana Pay's reference). */
  reference: string;
  /** The blockhash the request handed out: the transaction was built for this request, now. */
  recentBlockhash: string;
}

/** A transaction that pays exactly what was expected. */
export interface VerifiedSolanaTransfer {
  payer: string;
  /** The payer's signature in base58: the transaction's id on chain, the same for every copy of it. */
  signature: string;
  lamports: bigint;
  /** The transaction's wire bytes, as verified: what a settlement sends. */
  wire: Buffer;
}

/** Why a transaction does not pay what was expected (for logs and tests; a client hears one answer). */
export type SolanaTransferProblem =
  | 'malformed'
  | 'signatures'
  | 'fee_payer'
  | 'instructions'
  | 'not_a_transfer'
  | 'sender'
  | 'recipient'
  | 'amount'
  | 'reference'
  | 'blockhash';

export type SolanaTransferCheck = { ok: true; transfer: VerifiedSolanaTransfer } | { ok: false; problem: SolanaTransferProblem };

/** A System Program transfer's data: the instruction index (u32) and the lamports (u64). */
const TRANSFER_DATA_LENGTH = 12;

/**
 * Compute Budget instructions a wallet may add when it signs (Phantom prepends a unit limit and
 * price, its priority fee, to transactions that carry none): they move no value but the fee the
 * payer pays, so they are allowed beside the transfer, up to the four kinds the program has.
 */
const MAX_COMPUTE_BUDGET_INSTRUCTIONS = 4;

const refuse = (problem: SolanaTransferProblem): SolanaTransferCheck => ({ ok: false, problem });

/** The wire bytes as a legacy transaction, or null: bad bytes, a versioned (v0) message, or bytes past its end. */
const decode = (wire: Buffer): Transaction | null => {
  try {
    const tx = Transaction.from(wire);
    // One encoding only: what is verified is exactly what would be sent (no trailing bytes).
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).equals(wire) ? tx : null;
  } catch {
    return null;
  }
};

/**
 * Checks that a signed transaction (the wallet's `signTransaction`, in base64) pays exactly what
 * a payment request asked, offline, with @solana/web3.js v1 reading the wire format:
 *
 * - a legacy transaction in its one encoding, signed by exactly one key, the payer (fee payer),
 *   whose ed25519 signature over the message is valid;
 * - exactly one instruction besides the Compute Budget ones a wallet may add (its priority fee), a
 *   System Program `Transfer` of exactly `lamports` from the payer to the recipient, carrying the
 *   reference as a read-only, non-signer key;
 * - built on the request's blockhash.
 *
 * Addresses are compared as base58 text, which is one-to-one with the bytes. Nothing here reaches
 * the network: whether the payer's account holds the lamports is the settlement's to learn
 * (`SolanaSettlement`).
 */
export const verifySolanaTransfer = (transactionBase64: string, expected: ExpectedSolanaTransfer): SolanaTransferCheck => {
  const wire = Buffer.from(transactionBase64, 'base64');
  const tx = decode(wire);
  if (!tx) return refuse('malformed');
  const signer = tx.signatures[0];
  if (tx.signatures.length !== 1 || tx.compileMessage().header.numRequiredSignatures !== 1 || !signer?.signature || !tx.verifySignatures()) {
    return refuse('signatures');
  }
  if (tx.feePayer?.toBase58() !== expected.payer || !signer.publicKey.equals(tx.feePayer)) return refuse('fee_payer');
  const budget = tx.instructions.filter((i) => i.programId.equals(ComputeBudgetProgram.programId));
  const [instruction, ...others] = tx.instructions.filter((i) => !i.programId.equals(ComputeBudgetProgram.programId));
  if (!instruction || others.length > 0 || budget.length > MAX_COMPUTE_BUDGET_INSTRUCTIONS) return refuse('instructions');
  let transfer: ReturnType<typeof SystemInstruction.decodeTransfer>;
  try {
    if (!instruction.programId.equals(SystemProgram.programId) || instruction.data.length !== TRANSFER_DATA_LENGTH) return refuse('not_a_transfer');
    if (SystemInstruction.decodeInstructionType(instruction) !== 'Transfer') return refuse('not_a_transfer');
    transfer = SystemInstruction.decodeTransfer(instruction);
  } catch {
    return refuse('not_a_transfer');
  }
  if (transfer.fromPubkey.toBase58() !== expected.payer) return refuse('sender');
  if (transfer.toPubkey.toBase58() !== expected.recipient) return refuse('recipient');
  const lamports = BigInt(transfer.lamports);
  if (lamports !== expected.lamports) return refuse('amount');
  const carriesReference = instruction.keys.slice(2).some((key) => key.pubkey.toBase58() === expected.reference && !key.isSigner && !key.isWritable);
  if (!carriesReference) return refuse('reference');
  if (tx.recentBlockhash !== expected.recentBlockhash) return refuse('blockhash');
  return { ok: true, transfer: { payer: expected.payer, signature: bs58.encode(signer.signature), lamports, wire } };
};
