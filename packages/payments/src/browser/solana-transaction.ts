import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { SolanaPaymentRequest } from '../wire';

/**
 * The transaction the wallet signs for a payment request (a legacy Transaction, as Phantom signs
 * it): fee payer the wallet, the request's recent blockhash, and one System Program transfer of
 * exactly the request's lamports from the wallet to the treasury, with the request's reference
 * appended to the instruction's keys, read-only and not a signer (the Solana Pay convention: the
 * server finds and checks the payment by it).
 */
export const paymentTransaction = (request: Pick<SolanaPaymentRequest, 'treasury' | 'lamports' | 'reference' | 'recent_blockhash'>, payerAddress: string) => {
  const payer = new PublicKey(payerAddress);
  const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(request.treasury), lamports: BigInt(request.lamports) });
  transfer.keys.push({ pubkey: new PublicKey(request.reference), isSigner: false, isWritable: false });
  return new Transaction({ feePayer: payer, recentBlockhash: request.recent_blockhash }).add(transfer);
};

/** The signed transaction's wire bytes in base64; throws unless every signature is present and verifies. */
export const signedTransactionBase64 = (signed: Transaction): string => signed.serialize().toString('base64');
