import { lamportsOfCents, type CheckoutAnswer, type SolanaCheckoutRequest, type SolanaPaymentRequest } from '@starforge/contracts';
import { crossUserTransaction, type Db, type Tx } from '@starforge/service-kit';
import { newSolanaReference, SolanaSettlementError, verifySolanaTransfer, type SolanaSettlement } from '@starforge/service-kit/solana-payment/index';
import { checkOrder, completeOrder, type Order } from './checkout';
import {
  orderChanged,
  paymentRequestExpired,
  paymentRequestNotFound,
  paymentRequestUsed,
  solanaOrderTooLarge,
  solanaPaymentFailed,
  solanaPaymentInvalid,
} from './errors';

/** Where Solana payments go and how they reach the network (src/config/env.ts; the kit's offline settlement by default). */
export interface SolanaPaymentConfig {
  /** The platform's treasury address (base58, 32 bytes), checked at start-up. */
  treasury: string;
  settlement: SolanaSettlement;
}

/** How long a payment request may be paid: long enough to open the wallet and approve. */
export const SOLANA_REQUEST_TTL_SECONDS = 300;

/** The lamports column is a bigint (a u64 holds twice as much; the whole SOL supply is far below either). */
const MAX_LAMPORTS = 2n ** 63n - 1n;

interface RequestRow {
  id: string;
  userId: string;
  reference: string;
  treasury: string;
  lamports: string;
  totalCents: string;
  nftId: string | null;
  priceCents: string | null;
  nftIds: string[];
  recentBlockhash: string;
  lastValidBlockHeight: string | null;
  expiresAt: Date;
  used: boolean;
  expired: boolean;
}

/** Whether two lists hold the same NFTs, in whatever order. */
const sameNfts = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/**
 * POST /checkout/solana/requests: prices the order as a checkout would (`checkOrder`, read
 * without locks: nothing is paid yet) and stores what the wallet is to sign: the treasury, the
 * total in lamports, a fresh reference key and the network's blockhash, valid for
 * `SOLANA_REQUEST_TTL_SECONDS`.
 */
export const createSolanaPaymentRequest = async (tx: Tx, buyerId: string, order: Order, config: SolanaPaymentConfig): Promise<SolanaPaymentRequest> => {
  const { sales, totalCents } = await checkOrder(tx, buyerId, order, { lock: false });
  const lamports = lamportsOfCents(totalCents);
  if (lamports > MAX_LAMPORTS) throw solanaOrderTooLarge();
  const { blockhash, lastValidBlockHeight } = await config.settlement.latestBlockhash();
  const single = order.nft_id ? sales[0] : undefined;
  const reference = newSolanaReference();
  const [row] = await tx<{ id: string; expiresAt: Date }[]>`
    insert into marketplace.solana_payment_requests
      (user_id, reference, treasury, lamports, total_cents, nft_id, price_cents, nft_ids, recent_blockhash, last_valid_block_height, expires_at)
    values (${buyerId}, ${reference}, ${config.treasury}, ${lamports.toString()}, ${totalCents}, ${single?.nftId ?? null},
            ${single?.priceCents ?? null}, ${sales.map((s) => s.nftId)}::uuid[], ${blockhash}, ${lastValidBlockHeight},
            now() + make_interval(secs => ${SOLANA_REQUEST_TTL_SECONDS}))
    returning id, expires_at`;
  if (!row) throw new Error('no payment request inserted');
  return {
    id: row.id,
    treasury: config.treasury,
    lamports: lamports.toString(),
    reference,
    recent_blockhash: blockhash,
    total_cents: totalCents,
    expires_at: row.expiresAt.toISOString(),
  };
};

/**
 * POST /checkout/solana: pays a payment request with the wallet's signed transfer, in one
 * transaction through the kit's `crossUserTransaction`, the card checkout's path with two steps
 * before it:
 *
 * 1. the request's row, `for update` (a second payment of it waits here, then finds it used):
 *    the caller's own (404 otherwise), unused (409 `payment_request_used`), unexpired (410);
 * 2. the transaction verified against it (`verifySolanaTransfer`: signature, payer, recipient,
 *    amount, reference, blockhash; 400 `solana_payment_invalid`);
 * 3. the order locked and re-checked as a card checkout does (`checkOrder`), and it must still be
 *    the NFTs and total the request priced (409 `order_changed`);
 * 4. the settlement: sent and confirmed (production), after every check and before any write, so
 *    a refused order never moves SOL and a transaction that does not land writes nothing;
 * 5. `completeOrder` with the Solana transaction, wallet and lamports; the request marked used.
 */
export const checkoutSolana = async (db: Db, buyerId: string, body: SolanaCheckoutRequest, config: SolanaPaymentConfig, idempotencyKey: string | null) => {
  const { result } = await crossUserTransaction<CheckoutAnswer>(db, async (tx) => {
    const [request] = await tx<RequestRow[]>`
      select id, user_id, reference, treasury, lamports, total_cents, nft_id, price_cents, nft_ids, recent_blockhash,
             last_valid_block_height, expires_at, used_at is not null as used, expires_at <= clock_timestamp() as expired
      from marketplace.solana_payment_requests
      where id = ${body.request_id}
      for update`;
    if (!request || request.userId !== buyerId) throw paymentRequestNotFound();
    if (request.used) throw paymentRequestUsed();
    if (request.expired) throw paymentRequestExpired();
    const lamports = BigInt(request.lamports);
    const check = verifySolanaTransfer(body.transaction, {
      payer: body.wallet_address,
      recipient: request.treasury,
      lamports,
      reference: request.reference,
      recentBlockhash: request.recentBlockhash,
    });
    if (!check.ok) throw solanaPaymentInvalid();
    const order = await checkOrder(tx, buyerId, request.nftId ? { nft_id: request.nftId, price_cents: Number(request.priceCents) } : {}, { lock: true });
    if (
      order.totalCents !== Number(request.totalCents) ||
      !sameNfts(
        order.sales.map((s) => s.nftId),
        request.nftIds,
      )
    ) {
      throw orderChanged();
    }
    const { transfer } = check;
    const settled = await config.settlement
      .settle(transfer.wire, {
        signature: transfer.signature,
        blockhash: request.recentBlockhash,
        lastValidBlockHeight: request.lastValidBlockHeight === null ? null : Number(request.lastValidBlockHeight),
      })
      .catch((error: unknown) => {
        if (error instanceof SolanaSettlementError) throw solanaPaymentFailed();
        throw error;
      });
    const plan = await completeOrder(
      tx,
      buyerId,
      order,
      { method: 'solana', signature: settled.signature, walletAddress: transfer.payer, lamports: transfer.lamports },
      idempotencyKey,
    );
    await tx`
      update marketplace.solana_payment_requests set used_at = clock_timestamp(), payment_id = ${plan.result.payment.id}
      where id = ${request.id}`;
    return plan;
  });
  return result;
};
