import type { CrossUserPlan, Db, Jobs, Tx, UserMove } from '@starforge/service-kit';
import { crossUserTransaction } from '@starforge/service-kit';
import { nfts } from '@starforge/nft-published';
import { rewardsMoves } from '@starforge/rewards-published';
import type { CardCharge, CardProcessor } from '@starforge/payments/server';
import { proceedsKey, royaltyKey } from './sale-keys';

/** The durable job that settles a card payment when its money has reached the platform. */
const SETTLE_CARD_PAYMENT_JOB = 'card-payment.settle';
interface SettleCardPaymentJob {
  paymentId: string;
}

/** What card payments go through: the processor (its mode from config/env.ts) and the jobs that settle them. */
export interface CardPayments {
  processor: CardProcessor;
  jobs: Jobs;
}

/** Keeps the charge on its payment row (the processor, when it settles) and enqueues its settlement for that time, in the checkout's transaction. */
export const recordCharge = async (tx: Tx, cards: CardPayments, paymentId: string, charge: CardCharge): Promise<void> => {
  await tx`update marketplace.payments set processor_mode = ${cards.processor.mode}, settles_at = ${charge.settlesAt} where id = ${paymentId}`;
  await cards.jobs.enqueue<SettleCardPaymentJob>(tx, SETTLE_CARD_PAYMENT_JOB, { paymentId }, { startAfter: charge.settlesAt, singletonKey: paymentId });
};

interface UnsettledPayment {
  transactionId: string;
  settlesAt: Date;
}

/**
 * The job's work, in one transaction: the payment locked while unsettled (else nothing: a job
 * that runs twice settles once); the processor asked whether its money arrived; not yet: asked
 * again when it says (a new job). Settled: `settled_at` set and, per user in id order
 * (`crossUserTransaction`), each sale's pending proceeds and royalty moved into cash by their
 * ledger keys (`rewards.settle_cash`). Answers whether it settled now.
 */
export const settleCardPayment = async (db: Db, cards: CardPayments, paymentId: string): Promise<boolean> => {
  const { result } = await crossUserTransaction(db, async (tx): Promise<CrossUserPlan<boolean>> => {
    const [payment] = await tx<UnsettledPayment[]>`
      select transaction_id, settles_at from marketplace.payments
      where id = ${paymentId} and settled_at is null and settles_at is not null
      for update`;
    if (!payment) return { result: false, moves: [] };
    const state = await cards.processor.settlement({ reference: payment.transactionId, settlesAt: payment.settlesAt });
    if (!state.settled) {
      await cards.jobs.enqueue<SettleCardPaymentJob>(tx, SETTLE_CARD_PAYMENT_JOB, { paymentId }, { startAfter: state.checkAgainAt });
      return { result: false, moves: [] };
    }
    await tx`update marketplace.payments set settled_at = now() where id = ${paymentId}`;
    const sales = await tx<{ saleId: string; sellerId: string; creatorId: string }[]>`
      select s.id as sale_id, s.seller_id, n.original_creator_id as creator_id
      from marketplace.payment_items i
      join marketplace.nft_sales s on s.id = i.sale_id
      join ${nfts(tx)} n on n.id = i.nft_id
      where i.payment_id = ${paymentId}`;
    const moves: UserMove[] = sales.flatMap((sale) => [
      rewardsMoves.settleCash({ userId: sale.sellerId, key: proceedsKey(sale.saleId) }),
      ...(sale.creatorId === sale.sellerId ? [] : [rewardsMoves.settleCash({ userId: sale.creatorId, key: royaltyKey(sale.saleId) })]),
    ]);
    return { result: true, moves };
  });
  return result;
};

/** The marketplace's durable jobs (registered by server.ts and the tests' harness). */
export const registerMarketplaceJobs = (cards: CardPayments, sql: Db): void => {
  cards.jobs.work<SettleCardPaymentJob>(SETTLE_CARD_PAYMENT_JOB, async ({ paymentId }) => {
    await settleCardPayment(sql, cards, paymentId);
  });
};
