import type { Tx } from '@starforge/service-kit/db';
import { isUniqueViolation } from '@starforge/service-kit/postgres-errors';
import { solanaPaymentErrors } from './errors';
import { newSolanaReference, SolanaSettlementError, type SolanaSettlement } from './settlement';
import { verifySolanaTransfer } from './verify-transfer';
import { lamportsOfCents, type SolanaCheckoutRequest, type SolanaPaymentRequest } from '../../wire';

/** Where a service's Solana payments go and how they reach the network (its config/env.ts; the offline settlement by default). */
export interface SolanaPaymentConfig {
  /** The platform's treasury address (base58, 32 bytes; SOLANA_TREASURY), checked at start-up. */
  treasury: string;
  settlement: SolanaSettlement;
}

/** How long a payment request may be paid: long enough to open the wallet and approve. */
export const SOLANA_REQUEST_TTL_SECONDS = 300;

/** The lamports column is a bigint (a u64 holds twice as much; the whole SOL supply is far below either). */
const MAX_LAMPORTS = 2n ** 63n - 1n;

/** What a new payment request asks the wallet to sign, for the domain to store beside what it pays for. */
export interface IssuedSolanaPaymentRequest {
  treasury: string;
  totalCents: number;
  lamports: bigint;
  reference: string;
  recentBlockhash: string;
  lastValidBlockHeight: number | null;
  /** The domain stores `expires_at = now() + make_interval(secs => ttlSeconds)`: the database's clock decides expiry. */
  ttlSeconds: number;
}

/**
 * A payment request's fields for a total in cents: the treasury, the lamports (`lamportsOfCents`;
 * 400 `solana_order_too_large` past a bigint), a fresh reference key, and the blockhash (and last
 * valid block height) from the settlement.
 */
export const issueSolanaPaymentRequest = async (config: SolanaPaymentConfig, totalCents: number): Promise<IssuedSolanaPaymentRequest> => {
  const lamports = lamportsOfCents(totalCents);
  if (lamports > MAX_LAMPORTS) throw solanaPaymentErrors.tooLarge();
  const { blockhash, lastValidBlockHeight } = await config.settlement.latestBlockhash();
  return {
    treasury: config.treasury,
    totalCents,
    lamports,
    reference: newSolanaReference(),
    recentBlockhash: blockhash,
    lastValidBlockHeight,
    ttlSeconds: SOLANA_REQUEST_TTL_SECONDS,
  };
};

/** The wire answer (`solanaPaymentRequestSchema`) of a request the domain stored. */
export const solanaPaymentRequestAnswer = (issued: IssuedSolanaPaymentRequest, stored: { id: string; expiresAt: Date }): SolanaPaymentRequest => ({
  id: stored.id,
  treasury: issued.treasury,
  lamports: issued.lamports.toString(),
  reference: issued.reference,
  recent_blockhash: issued.recentBlockhash,
  total_cents: issued.totalCents,
  expires_at: stored.expiresAt.toISOString(),
});

/**
 * The columns every domain's request table has (it may have more: what the request pays for):
 * `id`, `user_id`, `reference` (unique), `treasury`, `lamports` and `total_cents` (bigint),
 * `recent_blockhash`, `last_valid_block_height`, `expires_at`, `used_at` and `payment_id` (set
 * together, once). As read, camelCased, with whether it is used and expired now.
 */
export interface StoredSolanaPaymentRequest {
  id: string;
  userId: string;
  reference: string;
  treasury: string;
  lamports: string;
  totalCents: string;
  recentBlockhash: string;
  lastValidBlockHeight: string | null;
  expiresAt: Date;
  used: boolean;
  expired: boolean;
}

/** A verified, settled payment: what the domain's payment row records. */
export interface SolanaPaid {
  /** The payer's signature in base58: the transaction's id on chain. */
  signature: string;
  walletAddress: string;
  lamports: bigint;
}

export interface SolanaPaymentSteps<Row extends StoredSolanaPaymentRequest, Checked, Result> {
  /**
   * Locks and re-checks what the request pays for (the order, the plan), throwing the domain's
   * refusal; runs after the transfer is verified and before it is settled.
   */
  check: (request: Row) => Promise<Checked>;
  /** Records the payment (and whatever it buys) with the settled transfer; answers the payment row's id beside the result. */
  record: (checked: Checked, paid: SolanaPaid, request: Row) => Promise<{ paymentId: string; result: Result }>;
}

export interface SolanaPaymentOf {
  /** The domain's request table, schema-qualified (`marketplace.solana_payment_requests`). */
  table: string;
  userId: string;
  body: Pick<SolanaCheckoutRequest, 'request_id' | 'wallet_address' | 'transaction'>;
  config: SolanaPaymentConfig;
  /**
   * The unique constraint on the payment table's Solana transaction id, when `record` does not
   * answer its violation itself: a transaction recorded once is refused under any request.
   */
  recordedConstraint?: string;
}

/**
 * Pays a stored payment request with the wallet's signed transfer, inside the domain's transaction:
 *
 * 1. the request's row `for update` (a second payment of it waits here, then finds it used): the
 *    caller's own (404 `payment_request_not_found` otherwise), unused (409 `payment_request_used`),
 *    unexpired on the clock (410 `payment_request_expired`);
 * 2. the transaction verified against it (`verifySolanaTransfer`: signature, payer = the wallet,
 *    recipient = the request's treasury, amount, reference, blockhash; 400 `solana_payment_invalid`);
 * 3. the domain's `check`;
 * 4. the settlement: sent and confirmed (production), after every check and before any write, so
 *    a refused payment never moves SOL and a transaction that does not land writes nothing (400
 *    `solana_payment_failed`);
 * 5. the domain's `record`, then the request marked used with the payment's id.
 *
 * Any refusal throws: the caller's transaction rolls back and the request stays payable.
 */
export const paySolanaPaymentRequest = async <Row extends StoredSolanaPaymentRequest, Checked, Result>(
  tx: Tx,
  { table, userId, body, config, recordedConstraint }: SolanaPaymentOf,
  steps: SolanaPaymentSteps<Row, Checked, Result>,
): Promise<Result> => {
  const [request] = await tx<Row[]>`
    select *, used_at is not null as used, expires_at <= clock_timestamp() as expired
    from ${tx(table)}
    where id = ${body.request_id}
    for update`;
  if (!request || request.userId !== userId) throw solanaPaymentErrors.notFound();
  if (request.used) throw solanaPaymentErrors.used();
  if (request.expired) throw solanaPaymentErrors.expired();
  const check = verifySolanaTransfer(body.transaction, {
    payer: body.wallet_address,
    recipient: request.treasury,
    lamports: BigInt(request.lamports),
    reference: request.reference,
    recentBlockhash: request.recentBlockhash,
  });
  if (!check.ok) throw solanaPaymentErrors.invalid();
  const checked = await steps.check(request);
  const { transfer } = check;
  const settled = await config.settlement
    .settle(transfer.wire, {
      signature: transfer.signature,
      blockhash: request.recentBlockhash,
      lastValidBlockHeight: request.lastValidBlockHeight === null ? null : Number(request.lastValidBlockHeight),
    })
    .catch((error: unknown) => {
      if (error instanceof SolanaSettlementError) throw solanaPaymentErrors.failed();
      throw error;
    });
  const { paymentId, result } = await steps
    .record(checked, { signature: settled.signature, walletAddress: transfer.payer, lamports: transfer.lamports }, request)
    .catch((error: unknown) => {
      if (recordedConstraint && isUniqueViolation(error) && (error as { constraint_name?: string }).constraint_name === recordedConstraint) {
        throw solanaPaymentErrors.used();
      }
      throw error;
    });
  await tx`update ${tx(table)} set used_at = clock_timestamp(), payment_id = ${paymentId} where id = ${request.id}`;
  return result;
};
