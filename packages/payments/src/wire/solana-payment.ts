import '@starforge/contracts/zod';
import { z } from 'zod';
import { solanaPaymentMessages } from './solana-payment-constants';
import { solanaAddress } from '@starforge/contracts/shared';

/**
 * Paying with a Solana wallet, in whichever domain takes it (the marketplace's checkout,
 * `/api/marketplace/checkout/solana…`; the bounties' Pro plan, `/api/bounties/subscription/upgrade/solana…`),
 * in two steps:
 *
 * 1. `POST …/solana/requests` with what is being bought (the marketplace's order, `orderSchema`;
 *    nothing for the plan): the server answers a payment request, the platform's treasury
 *    address, the amount in lamports (the total in dollars / 100, in SOL), a fresh reference key
 *    and the blockhash to build on, valid for a few minutes;
 * 2. the wallet signs a System Program transfer payer → treasury of exactly those lamports, with
 *    the reference as a read-only key of the instruction (the Solana Pay convention), and
 *    `POST …/solana` sends it: the server checks the signature, payer, recipient, amount,
 *    reference and blockhash, refuses a request or transaction used before, and settles the order
 *    in the same one transaction as a card payment.
 */

/** 1 SOL = 10^9 lamports; the Solana total is the cart's dollars / 100, so one cent is 10^5 lamports. */
export const LAMPORTS_PER_CENT = 100_000n;
export const lamportsOfCents = (cents: number): bigint => BigInt(cents) * LAMPORTS_PER_CENT;
/** '0.5' for 50,000,000 lamports: SOL with no trailing zeros (at least two decimals, as prices are shown). */
export const formatLamportsAsSol = (lamports: bigint): string => {
  const whole = lamports / 1_000_000_000n;
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
};

/** What the wallet is asked to sign. `lamports` is a decimal string (a u64 can pass 2^53). */
export const solanaPaymentRequestSchema = z.object({
  id: z.uuid(),
  treasury: z.string(),
  lamports: z.string().regex(/^\d+$/),
  reference: z.string(),
  recent_blockhash: z.string(),
  total_cents: z.number().int().positive(),
  expires_at: z.string(),
});
export type SolanaPaymentRequest = z.infer<typeof solanaPaymentRequestSchema>;

/** A signed legacy transaction's wire bytes in base64 stay far below this (a packet is 1,232 bytes). */
export const SOLANA_TRANSACTION_MAX_BASE64 = 2048;

/**
 * POST /checkout/solana: the request being paid, the wallet that paid and its signed transaction.
 * A missing or malformed field is named ("request_id is required"); a transaction that is there
 * but does not pay the request says so.
 */
export const solanaCheckoutSchema = z.object({
  request_id: z.uuid(),
  wallet_address: solanaAddress(solanaPaymentMessages.connectWallet),
  transaction: z
    .string()
    .max(SOLANA_TRANSACTION_MAX_BASE64, solanaPaymentMessages.solanaPaymentInvalid)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, solanaPaymentMessages.solanaPaymentInvalid),
});
export type SolanaCheckoutRequest = z.input<typeof solanaCheckoutSchema>;
