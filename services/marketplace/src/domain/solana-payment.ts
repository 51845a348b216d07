import type { CheckoutAnswer } from '@starforge/contracts/marketplace';
import { crossUserTransaction, type CrossUserPlan, type Db, type Tx } from '@starforge/service-kit';
import {
  issueSolanaPaymentRequest,
  paySolanaPaymentRequest,
  solanaPaymentRequestAnswer,
  type SolanaPaymentConfig,
  type StoredSolanaPaymentRequest,
} from '@starforge/payments/server';
import { checkOrder, completeOrder, type CheckedOrder, type Order } from './checkout';
import { orderChanged } from './errors';
import type { SolanaCheckoutRequest, SolanaPaymentRequest } from '@starforge/payments/wire';

export { SOLANA_REQUEST_TTL_SECONDS, type SolanaPaymentConfig } from '@starforge/payments/server';

/** A marketplace request: the kit's columns and what it priced (one NFT, or the cart's NFTs, each at the price the buyer saw). */
interface RequestRow extends StoredSolanaPaymentRequest {
  nftId: string | null;
  priceCents: string | null;
  nftIds: string[];
  /** The price of each of `nftIds` the buyer saw (migration 00006; null on a request made before it). */
  pricesCents: string[] | null;
}

/** The order a request priced: its NFTs at the prices it was priced at (a request made before those were kept prices nothing: 409 `order_changed`). */
const orderPriced = (request: RequestRow): Order => {
  if (request.pricesCents === null || request.pricesCents.length !== request.nftIds.length) throw orderChanged();
  const prices = request.pricesCents;
  return {
    kind: request.nftId ? 'nft' : 'cart',
    items: request.nftIds.map((nftId, i) => ({ nft_id: nftId, price_cents: Number(prices[i]) })),
  };
};

/**
 * POST /checkout/solana/requests: prices the order as a checkout would (`checkOrder`, read
 * without locks: nothing is paid yet) and stores what the wallet is to sign, the kit's request
 * (`issueSolanaPaymentRequest`: the treasury, the total in lamports, a fresh reference key and the
 * network's blockhash, valid for `SOLANA_REQUEST_TTL_SECONDS`) beside the NFTs it priced.
 */
export const createSolanaPaymentRequest = async (tx: Tx, buyerId: string, order: Order, config: SolanaPaymentConfig): Promise<SolanaPaymentRequest> => {
  const { sales, totalCents } = await checkOrder(tx, buyerId, order, { lock: false });
  const issued = await issueSolanaPaymentRequest(config, totalCents);
  const single = order.kind === 'nft' ? sales[0] : undefined;
  const [row] = await tx<{ id: string; expiresAt: Date }[]>`
    insert into marketplace.solana_payment_requests
      (user_id, reference, treasury, lamports, total_cents, nft_id, price_cents, nft_ids, prices_cents, recent_blockhash, last_valid_block_height, expires_at)
    values (${buyerId}, ${issued.reference}, ${issued.treasury}, ${issued.lamports.toString()}, ${totalCents}, ${single?.nftId ?? null},
            ${single?.priceCents ?? null}, ${sales.map((s) => s.nftId)}::uuid[], ${sales.map((s) => s.priceCents)}::bigint[],
            ${issued.recentBlockhash}, ${issued.lastValidBlockHeight},
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
 * - the NFTs the request priced, at the prices it priced (what the wallet signed for), locked and
 *   re-checked as a card checkout does (`checkOrder`): a new price is 409 `price_changed`, a sold
 *   one 409 `listing_sold`; lines added to the cart since are not part of it;
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
          // The NFTs and prices the request priced, each re-checked (listed, at that price): so the total is the request's.
          return checkOrder(tx, buyerId, orderPriced(request), { lock: true });
        },
        record: async (order, paid) => {
          const plan = await completeOrder(tx, buyerId, order, { method: 'solana', ...paid }, idempotencyKey, null);
          return { paymentId: plan.result.payment.id, result: plan };
        },
      },
    ),
  );
  return result;
};
