import type { Payment } from '@starforge/contracts/marketplace';
import type { Tx } from '@starforge/service-kit';
import { type PaymentMeans, recordPayment } from '@starforge/payments/server';

/** What a plan was paid with: a card's brand and last 4 (never its number or cvv), or a Solana transfer. */
export type PlanPaymentMeans = PaymentMeans;

/**
 * Records a plan's payment in `bounties.payments` (@starforge/payments' payment tables), completed
 * now: a plan is not cash, so no ledger row. A Solana transaction already recorded is refused by
 * its unique column (`RECORDED_SOLANA_TRANSACTION`: `paySolanaPaymentRequest` answers it 409
 * `payment_request_used`).
 */
export const recordPlanPayment = (tx: Tx, userId: string, totalCents: number, means: PlanPaymentMeans, idempotencyKey: string | null): Promise<Payment> =>
  recordPayment(tx, 'bounties.payments', userId, totalCents, means, idempotencyKey);
