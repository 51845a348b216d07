import type { CardPayment } from './card-payment';
import { type CheckoutAnswer, lineSoldMessage, orderItemsOf, type OrderItem, type Payment } from '@starforge/contracts/marketplace';
import { crossUserTransaction, isUniqueViolation, type CrossUserPlan, type Db, type Tx, type UserMove } from '@starforge/service-kit';
import { nfts, transferOwnership } from '@starforge/nft-published';
import { rewardsMoves } from '@starforge/rewards-published';
import { type PaymentMeans, RECORDED_SOLANA_TRANSACTION, recordPayment } from '@starforge/payments/server';
import { type CardPayments, recordCharge } from './card-settlement';
import { proceedsKey, royaltyKey } from './sale-keys';
import { cartEmpty, listingSold, ownNft, paymentRequestUsed, priceChanged } from './errors';

/**
 * What is being bought, always at the prices the buyer saw: one NFT ('Purchase NFT' on /nft/:id)
 * or the cart's lines as /payment showed them.
 */
export interface Order {
  kind: 'nft' | 'cart';
  items: OrderItem[];
}

/** The order a checkout's body names (`orderSchema`: one NFT with its price, or the cart's items with theirs). */
export const orderOf = (body: Parameters<typeof orderItemsOf>[0]): Order => ({ kind: body.nft_id === undefined ? 'cart' : 'nft', items: orderItemsOf(body) });

interface ListedSale {
  id: string;
  nftId: string;
  sellerId: string;
  priceCents: string;
  creatorId: string;
  /** floor(price_cents * creator_royalty / 100), computed by PostgreSQL on the exact numeric. */
  royaltyCents: string;
}

/** The order's listings, each checked (still listed, not the buyer's own, at the price seen), in id order, and their total. */
export interface CheckedOrder {
  sales: ListedSale[];
  totalCents: number;
}

/** How an order is paid: what its payment row records besides the order. */
export type { PaymentMeans };

/**
 * The NFTs' active listings, in id order, with each NFT's creator and royalty; `lock` takes them
 * `for update`: a listing being sold by another checkout is waited for, then no longer `listed`.
 */
const listingsOf = (tx: Tx, nftIds: string[], lock: boolean) => tx<ListedSale[]>`
  select s.id, s.nft_id, s.seller_id, s.price_cents, n.original_creator_id as creator_id,
         floor(s.price_cents * coalesce(n.creator_royalty, 0) / 100)::bigint as royalty_cents
  from marketplace.nft_sales s
  join ${nfts(tx)} n on n.id = s.nft_id
  where s.nft_id = any(${nftIds}::uuid[]) and s.status = 'listed'
  order by s.id
  ${lock ? tx`for update of s` : tx``}`;

/** 409 for an NFT of the order with no active listing: a cart line names it (nothing is bought), one NFT says it plainly. */
const soldLine = async (tx: Tx, order: Order, nftId: string) => {
  if (order.kind === 'nft') return listingSold();
  const [nft] = await tx<{ name: string }[]>`select name from ${nfts(tx)} where id = ${nftId}`;
  return nft ? listingSold(lineSoldMessage(nft.name)) : listingSold();
};

/**
 * The order's listings, each checked as the buyer is about to pay: still listed (else 409
 * `listing_sold`, naming the cart line: the whole order is refused, nothing is bought), not the
 * buyer's own (400 `own_nft`), at the price the buyer saw (409 `price_changed`); an empty order is
 * 400 `cart_empty`. `lock` takes the listings `for update` (a checkout); without it they are only
 * read (a Solana payment request, which pays nothing yet).
 */
export const checkOrder = async (tx: Tx, buyerId: string, order: Order, { lock }: { lock: boolean }): Promise<CheckedOrder> => {
  if (order.items.length === 0) throw cartEmpty();
  const sales = await listingsOf(
    tx,
    order.items.map((item) => item.nft_id),
    lock,
  );
  const saleOf = new Map(sales.map((s) => [s.nftId, s]));
  for (const item of order.items) {
    const sale = saleOf.get(item.nft_id);
    if (!sale) throw await soldLine(tx, order, item.nft_id);
    if (sale.sellerId === buyerId) throw ownNft();
    if (Number(sale.priceCents) !== item.price_cents) throw priceChanged(Number(sale.priceCents));
  }
  return { sales, totalCents: sales.reduce((sum, s) => sum + Number(s.priceCents), 0) };
};

/**
 * The seller's and the creator's shares of one sale (one proceeds row when they are the same
 * person): cash at once for a payment that is final (Solana), pending until `settlesAt` for a card
 * payment, which is cash only once it settled.
 */
const movesOf = (sale: ListedSale, settlesAt: Date | null): UserMove[] => {
  const price = Number(sale.priceCents);
  const royalty = Number(sale.royaltyCents);
  const source = { type: 'nft_sale' as const, id: sale.nftId };
  const credit = (userId: string, cents: number, kind: 'sale_proceeds' | 'royalty', description: string, key: string): UserMove =>
    settlesAt === null
      ? rewardsMoves.creditCash({ userId, cents, kind, description, source, key })
      : rewardsMoves.creditPendingCash({ userId, cents, kind, description, source, key, settlesAt });
  if (sale.creatorId === sale.sellerId) return [credit(sale.sellerId, price, 'sale_proceeds', 'NFT sold', proceedsKey(sale.id))];
  return [
    credit(sale.sellerId, price - royalty, 'sale_proceeds', 'NFT sold', proceedsKey(sale.id)),
    credit(sale.creatorId, royalty, 'royalty', 'Royalty on a resale', royaltyKey(sale.id)),
  ];
};

/** The payment row; a Solana transaction recorded before (under any request) is refused by its unique column. */
const insertPayment = async (tx: Tx, buyerId: string, totalCents: number, means: PaymentMeans, idempotencyKey: string | null): Promise<Payment> => {
  try {
    return await recordPayment(tx, 'marketplace.payments', buyerId, totalCents, means, idempotencyKey);
  } catch (error) {
    if (isUniqueViolation(error) && (error as { constraint_name?: string }).constraint_name === RECORDED_SOLANA_TRANSACTION) throw paymentRequestUsed();
    throw error;
  }
};

/**
 * Pays for a checked order, inside `crossUserTransaction`'s locking step, after `checkOrder`
 * with `lock` (the listings held):
 *
 * 1. the payment (the card's brand and last 4, or the Solana transaction, wallet and lamports)
 *    and its items; each sale `sold` (buyer, time); the NFT moved through nft's
 *    `transfer_ownership`; every cart line of those NFTs deleted (anyone's);
 * 2. answers the plan: per user in id order, the seller's proceeds (price less royalty) and the
 *    creator's royalty, one key per role and sale (pending until `settlesAt` for a card payment,
 *    cash at once when it is null); last, the public
 *    `marketplace.listing_changed` (sold) of each.
 */
export const completeOrder = async (
  tx: Tx,
  buyerId: string,
  { sales, totalCents }: CheckedOrder,
  means: PaymentMeans,
  idempotencyKey: string | null,
  settlesAt: Date | null,
): Promise<CrossUserPlan<CheckoutAnswer>> => {
  const payment = await insertPayment(tx, buyerId, totalCents, means, idempotencyKey);
  for (const sale of sales) {
    await tx`
      insert into marketplace.payment_items (payment_id, nft_id, sale_id, price_cents)
      values (${payment.id}, ${sale.nftId}, ${sale.id}, ${sale.priceCents})`;
    // The clock: the listing this transaction waited for may have been made after it began.
    await tx`update marketplace.nft_sales set status = 'sold', buyer_id = ${buyerId}, sold_at = clock_timestamp() where id = ${sale.id}`;
    await transferOwnership(tx, { nftId: sale.nftId, fromUserId: sale.sellerId, toUserId: buyerId, key: `sale:${sale.id}:transfer` });
  }
  // The buyer's lines only: another buyer's line of a sold NFT stays, marked sold on their cart, until they remove it.
  await tx`delete from marketplace.cart_items where user_id = ${buyerId} and nft_id = any(${sales.map((s) => s.nftId)}::uuid[])`;
  return {
    result: {
      payment,
      items: sales.map((s) => ({ nft_id: s.nftId, sale_id: s.id, price_cents: Number(s.priceCents), quantity: 1 as const })),
    },
    moves: sales.flatMap((sale) => movesOf(sale, settlesAt)),
    publicEvents: sales.map((s) => ({ type: 'marketplace.listing_changed' as const, data: { listingId: s.id, nftId: s.nftId, status: 'sold' as const } })),
  };
};

/**
 * Pays by card for the buyer's cart, or one NFT, in one transaction through the kit's
 * `crossUserTransaction`: the listings locked (by id) and re-checked (`checkOrder`), else nothing
 * is written and nobody is charged; then the processor charges the total (after every check, so a
 * refused order is never charged), `completeOrder` records it with the charge's reference and
 * credits the proceeds pending until the charge settles, and the settlement job is enqueued for
 * that time in the same transaction (`settleCardPayment`).
 */
export const checkoutCard = async (db: Db, cards: CardPayments, buyerId: string, card: CardPayment, idempotencyKey: string | null): Promise<CheckoutAnswer> => {
  const { result } = await crossUserTransaction(db, async (tx) => {
    const order = await checkOrder(tx, buyerId, orderOf(card), { lock: true });
    const charge = await cards.processor.charge({ amountCents: order.totalCents, cardBrand: card.card_brand, cardLast4: card.card_last4, idempotencyKey });
    const means = { method: card.payment_method, cardBrand: card.card_brand, cardLast4: card.card_last4, transactionId: charge.reference };
    const plan = await completeOrder(tx, buyerId, order, means, idempotencyKey, charge.settlesAt);
    await recordCharge(tx, cards, plan.result.payment.id, charge);
    return plan;
  });
  return result;
};
