import { randomBytes } from 'node:crypto';
import type { CardPayment, CheckoutAnswer } from '@starforge/contracts';
import { crossUserTransaction, type Db, type Tx, type ValueMove } from '@starforge/service-kit';
import { cartEmpty, listingSold, ownNft, priceChanged } from './errors';

/** What is being bought: an NFT at the price the buyer saw (null: the listing's price now). */
interface Wanted {
  nftId: string;
  priceCents: number | null;
}

interface LockedSale {
  id: string;
  nftId: string;
  sellerId: string;
  priceCents: string;
  creatorId: string;
  /** floor(price_cents * creator_royalty / 100), computed by PostgreSQL on the exact numeric. */
  royaltyCents: string;
}

interface PaymentRow {
  id: string;
  totalCents: string;
  currency: 'USD';
  paymentMethod: CardPayment['payment_method'];
  status: 'completed';
  cardBrand: string;
  cardLast4: string;
  transactionId: string;
  completedAt: Date;
}

/**
 * The buyer's cart lines (read, not locked: a winning checkout deletes every line of the NFTs it
 * sold, other buyers' too, and must never wait on them), or the one NFT the body names.
 */
const wantedOf = async (tx: Tx, buyerId: string, card: CardPayment): Promise<Wanted[]> => {
  if (card.nft_id) return [{ nftId: card.nft_id, priceCents: card.price_cents ?? null }];
  const lines = await tx<{ nftId: string; unitPriceCents: string }[]>`
    select nft_id, unit_price_cents from marketplace.cart_items where user_id = ${buyerId} order by nft_id`;
  return lines.map((l) => ({ nftId: l.nftId, priceCents: Number(l.unitPriceCents) }));
};

/**
 * Locks the NFTs' active listings, in id order, and answers them with each NFT's creator and
 * royalty. A listing being sold by another checkout is waited for, then no longer `listed`.
 */
const lockListings = (tx: Tx, nftIds: string[]) => tx<LockedSale[]>`
  select s.id, s.nft_id, s.seller_id, s.price_cents, n.original_creator_id as creator_id,
         floor(s.price_cents * coalesce(n.creator_royalty, 0) / 100)::bigint as royalty_cents
  from marketplace.nft_sales s
  join nft.nfts n on n.id = s.nft_id
  where s.nft_id = any(${nftIds}::uuid[]) and s.status = 'listed'
  order by s.id
  for update of s`;

/** The seller's and the creator's shares of one sale: one proceeds row when they are the same person. */
const movesOf = (sale: LockedSale): ValueMove[] => {
  const price = Number(sale.priceCents);
  const royalty = Number(sale.royaltyCents);
  const source = { type: 'nft_sale' as const, id: sale.nftId };
  if (sale.creatorId === sale.sellerId) {
    return [
      { op: 'credit_cash', userId: sale.sellerId, cents: price, kind: 'sale_proceeds', description: 'NFT sold', source, key: `sale:${sale.id}:proceeds` },
    ];
  }
  return [
    {
      op: 'credit_cash',
      userId: sale.sellerId,
      cents: price - royalty,
      kind: 'sale_proceeds',
      description: 'NFT sold',
      source,
      key: `sale:${sale.id}:proceeds`,
    },
    { op: 'credit_cash', userId: sale.creatorId, cents: royalty, kind: 'royalty', description: 'Royalty on a resale', source, key: `sale:${sale.id}:royalty` },
  ];
};

/**
 * Pays by card for the buyer's whole cart, or one NFT, in one transaction through the kit's
 * `crossUserTransaction`:
 *
 * 1. the buyer's cart lines, then the listings (`for update`, by id): each must still be listed
 *    at the price the buyer saw, else nothing is written and nobody is charged;
 * 2. the payment (brand and last 4) and its items; each sale `sold` (buyer, time); the NFT moved
 *    through nft's `transfer_ownership`; every cart line of those NFTs deleted (anyone's);
 * 3. per user in id order: the seller's proceeds (price less royalty) and the creator's royalty,
 *    one key per role and sale;
 * 4. last, the public `marketplace.listing_changed` (sold) of each.
 */
export const checkoutCard = async (db: Db, buyerId: string, card: CardPayment, idempotencyKey: string | null): Promise<CheckoutAnswer> => {
  const { result } = await crossUserTransaction(db, async (tx) => {
    const wanted = await wantedOf(tx, buyerId, card);
    if (wanted.length === 0) throw cartEmpty();
    const sales = await lockListings(
      tx,
      wanted.map((w) => w.nftId),
    );
    const saleOf = new Map(sales.map((s) => [s.nftId, s]));
    for (const want of wanted) {
      const sale = saleOf.get(want.nftId);
      if (!sale) throw listingSold();
      if (sale.sellerId === buyerId) throw ownNft();
      if (want.priceCents !== null && Number(sale.priceCents) !== want.priceCents) throw priceChanged(Number(sale.priceCents));
    }
    const total = sales.reduce((sum, s) => sum + Number(s.priceCents), 0);
    const [payment] = await tx<PaymentRow[]>`
      insert into marketplace.payments
        (user_id, total_cents, currency, payment_method, status, card_brand, card_last4, transaction_id, idempotency_key, completed_at)
      values (${buyerId}, ${total}, 'USD', ${card.payment_method}, 'completed', ${card.card_brand}, ${card.card_last4},
              ${`card_${randomBytes(12).toString('hex')}`}, ${idempotencyKey}, now())
      returning id, total_cents, currency, payment_method, status, card_brand, card_last4, transaction_id, completed_at`;
    if (!payment) throw new Error('no payment inserted');
    for (const sale of sales) {
      await tx`
        insert into marketplace.payment_items (payment_id, nft_id, sale_id, price_cents)
        values (${payment.id}, ${sale.nftId}, ${sale.id}, ${sale.priceCents})`;
      // The clock: the listing this transaction waited for may have been made after it began.
      await tx`update marketplace.nft_sales set status = 'sold', buyer_id = ${buyerId}, sold_at = clock_timestamp() where id = ${sale.id}`;
      await tx`select nft.transfer_ownership(${sale.nftId}, ${sale.sellerId}, ${buyerId}, ${`sale:${sale.id}:transfer`})`;
    }
    await tx`delete from marketplace.cart_items where nft_id = any(${sales.map((s) => s.nftId)}::uuid[])`;
    const answer: CheckoutAnswer = {
      payment: {
        id: payment.id,
        total_cents: Number(payment.totalCents),
        currency: payment.currency,
        payment_method: payment.paymentMethod,
        status: payment.status,
        card_brand: payment.cardBrand,
        card_last4: payment.cardLast4,
        transaction_id: payment.transactionId,
        solana_transaction_id: null,
        solana_wallet_address: null,
        amount_lamports: null,
        completed_at: payment.completedAt.toISOString(),
      },
      items: sales.map((s) => ({ nft_id: s.nftId, sale_id: s.id, price_cents: Number(s.priceCents), quantity: 1 as const })),
    };
    return {
      result: answer,
      moves: sales.flatMap(movesOf),
      publicEvents: sales.map((s) => ({ type: 'marketplace.listing_changed' as const, data: { listingId: s.id, nftId: s.nftId, status: 'sold' as const } })),
    };
  });
  return result;
};
