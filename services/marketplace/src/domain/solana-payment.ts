import type { CheckoutAnswer, SolanaCheckoutRequest, SolanaPaymentRequest } from '@starforge/contracts';
import { crossUserTransaction, type CrossUserPlan, type Db, type Tx } from '@starforge/service-kit';
import {
  issueSolanaPaymentRequest,
  paySolanaPaymentRequest,
  solanaPaymentRequestAnswer,
  type SolanaPaymentConfig,
  type StoredSolanaPaymentRequest,
} from '@starforge/service-kit/solana-payment/index';
import { checkOrder, completeOrder, type CheckedOrder, type Order } from './checkout';
import { orderChanged } from './errors';

export { SOLANA_REQUEST_TTL_SECONDS, type SolanaPaymentConfig } from '@starforge/service-kit/solana-payment/index';

/** A marketplace request: the kit's columns and what it priced (one NFT at its price, or the cart's NFTs). */
interface RequestRow extends StoredSolanaPaymentRequest {
  nftId: string | null;
  priceCents: string | null;
  nftIds: string[];
}

/** Whether two lists hold the same NFTs, in whatever order. */
const sameNfts = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/**
 * POST /checkout/solana/requests: prices the order as a checkout would (`checkOrder`, read
 * without locks: nothing is paid yet) and stores what the wallet is to sign, the kit's request
 * (`issueSolanaPaymentRequest`: the treasury, the total in lamports, a fresh reference key and the
 * network's blockhash, valid for `SOLANA_REQUEST_TTL_SECONDS`) beside the NFTs it priced.
 */
export const createSolanaPaymentRequest = async (tx: Tx, buyerId: string, order: Order, config: SolanaPaymentConfig): Promise<SolanaPaymentRequest> => {
  const { sales, totalCents } = await checkOrder(tx, buyerId, order, { lock: false });
  const issued = await issueSolanaPaymentRequest(config, totalCents);
  const single = order.nft_id ? sales[0] : undefined;
  const [row] = await tx<{ id: string; expiresAt: Date }[]>`
    insert into marketplace.solana_payment_requests
      (user_id, reference, treasury, lamports, total_cents, nft_id, price_cents, nft_ids, recent_blockhash, last_valid_block_height, expires_at)
    values (${buyerId}, ${issued.reference}, ${issued.treasury}, ${issued.lamports.toString()}, ${totalCents}, ${single?.nftId ?? null},
            ${single?.priceCents ?? null}, ${sales.map((s) => s.nftId)}::uuid[], ${issued.recentBlockhash}, ${issued.lastValidBlockHeight},
            now() + make_interval(secs => ${issued.ttlSeconds}))
    returning id, expires_at`;
  if (!row) throw new Error('no payment request inserted');
  return solanaPaymentRequestAnswer(issued, row);
};

/**
 * POST /checkout/solana: pays a payment request with the wallet's signed transfer, in one
 * transaction through the kit's `crossUserTransaction`, the card checkout's path with the kit's
 * Solana steps around it (`paySolanaPaymentRequest`: the request locked, the caller's own,
 * unused, unexpired; the transfer verified; then, before settling, the marketplace's check:
 *
 * - the order locked and re-checked as a card checkout does (`checkOrder`), and it must still be
 *   the NFTs and total the request priced (409 `order_changed`);
 *
 * then, once settled, `completeOrder` with the Solana transaction, wallet and lamports; the kit
 * marks the request used).
 */
export const checkoutSolana = async (db: Db, buyerId: string, body: SolanaCheckoutRequest, config: SolanaPaymentConfig, idempotencyKey: string | null) => {
  const { result } = await crossUserTransaction<CheckoutAnswer>(db, (tx) =>
    paySolanaPaymentRequest<RequestRow, CheckedOrder, CrossUserPlan<CheckoutAnswer>>(
      tx,
      { table: 'marketplace.solana_payment_requests', userId: buyerId, body, config },
      {
        check: async (request) => {
          const order = await checkOrder(tx, buyerId, request.nftId ? { nft_id: request.nftId, price_cents: Number(request.priceCents) } : {}, { lock: true });
          const priced = order.sales.map((s) => s.nftId);
          if (order.totalCents !== Number(request.totalCents) || !sameNfts(priced, request.nftIds)) throw orderChanged();
          return order;
        },
        record: async (order, paid) => {
          const plan = await completeOrder(tx, buyerId, order, { method: 'solana', ...paid }, idempotencyKey);
          return { paymentId: plan.result.payment.id, result: plan };
        },
      },
    ),
  );
  return result;
};
