import { randomBytes } from 'node:crypto';
import type { CardDetails, Payment } from '@starforge/contracts';
import type { Tx } from '@starforge/service-kit';
import type { SolanaPaid } from '@starforge/service-kit/solana-payment/payment-request';

/** What a plan was paid with: a card's brand and last 4 (never its number or cvv), or a Solana transfer. */
export type PlanPaymentMeans = { method: CardDetails['payment_method']; cardBrand: string; cardLast4: string } | ({ method: 'solana' } & SolanaPaid);

/** The unique column that records a Solana transaction once, whatever request it came under. */
export const RECORDED_SOLANA_TRANSACTION = 'subscription_payments_solana_transaction_id_key';

interface PaymentRow {
  id: string;
  totalCents: string;
  currency: Payment['currency'];
  paymentMethod: Payment['payment_method'];
  status: 'completed';
  cardBrand: string | null;
  cardLast4: string | null;
  transactionId: string;
  solanaTransactionId: string | null;
  solanaWalletAddress: string | null;
  amountLamports: string | null;
  completedAt: Date;
}

/**
 * Records a plan's payment in `subscription_payments`, completed now: a plan is not cash, so no
 * ledger row. A Solana transaction already recorded is refused by its unique column (the kit's
 * `paySolanaPaymentRequest` answers it 409 `payment_request_used`). Answers the wire payment
 * (marketplace's `paymentSchema`).
 */
export const recordPlanPayment = async (
  tx: Tx,
  userId: string,
  totalCents: number,
  means: PlanPaymentMeans,
  idempotencyKey: string | null,
): Promise<Payment> => {
  const card = means.method === 'solana' ? null : means;
  const solana = means.method === 'solana' ? means : null;
  const [row] = await tx<PaymentRow[]>`
    insert into bounties.subscription_payments
      (user_id, total_cents, currency, payment_method, status, card_brand, card_last4, transaction_id,
       solana_transaction_id, solana_wallet_address, amount_lamports, idempotency_key, completed_at)
    values (${userId}, ${totalCents}, ${solana ? 'SOL' : 'USD'}, ${means.method}, 'completed', ${card?.cardBrand ?? null}, ${card?.cardLast4 ?? null},
            ${`${solana ? 'solana' : 'card'}_${randomBytes(12).toString('hex')}`},
            ${solana?.signature ?? null}, ${solana?.walletAddress ?? null}, ${solana ? solana.lamports.toString() : null}, ${idempotencyKey}, now())
    returning id, total_cents, currency, payment_method, status, card_brand, card_last4, transaction_id,
              solana_transaction_id, solana_wallet_address, amount_lamports, completed_at`;
  if (!row) throw new Error('no payment inserted');
  return {
    id: row.id,
    total_cents: Number(row.totalCents),
    currency: row.currency,
    payment_method: row.paymentMethod,
    status: row.status,
    card_brand: row.cardBrand,
    card_last4: row.cardLast4,
    transaction_id: row.transactionId,
    solana_transaction_id: row.solanaTransactionId,
    solana_wallet_address: row.solanaWalletAddress,
    amount_lamports: row.amountLamports,
    completed_at: row.completedAt.toISOString(),
  };
};
