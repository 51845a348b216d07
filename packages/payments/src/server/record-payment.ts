import { randomBytes } from 'node:crypto';
import type { Payment } from '@starforge/contracts/marketplace';
import type { Tx } from '@starforge/service-kit/db';
import type { SolanaPaid } from './solana/payment-request';
import type { CardPaymentMethod } from '../wire';

/** What a payment was made with: a card's brand and last 4 (never its number or cvv), or a verified Solana transfer. */
export type PaymentMeans =
  // `transactionId`: the card processor's reference for the charge (`CardProcessor.charge`); without one, a random id.
  { method: CardPaymentMethod; cardBrand: string; cardLast4: string; transactionId?: string } | ({ method: 'solana' } & SolanaPaid);

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
 * Records a payment, completed now, in a domain's payment table, the payment tables' `payments`
 * (migrations/), schema-qualified: `marketplace.payments`, `bounties.payments`. USD for a card,
 * SOL with the transaction, wallet and lamports for Solana. A Solana transaction recorded before is refused by the table's unique column (the
 * caller maps that violation to its answer). Answers the wire payment (`paymentSchema`).
 */
export const recordPayment = async (
  tx: Tx,
  table: string,
  userId: string,
  totalCents: number,
  means: PaymentMeans,
  idempotencyKey: string | null,
): Promise<Payment> => {
  const card = means.method === 'solana' ? null : means;
  const solana = means.method === 'solana' ? means : null;
  const [row] = await tx<PaymentRow[]>`
    insert into ${tx(table)}
      (user_id, total_cents, currency, payment_method, status, card_brand, card_last4, transaction_id,
       solana_transaction_id, solana_wallet_address, amount_lamports, idempotency_key, completed_at)
    values (${userId}, ${totalCents}, ${solana ? 'SOL' : 'USD'}, ${means.method}, 'completed', ${card?.cardBrand ?? null}, ${card?.cardLast4 ?? null},
            ${card?.transactionId ?? `${solana ? 'solana' : 'card'}_${randomBytes(12).toString('hex')}`},
            ${solana?.signature ?? null}, ${solana?.walletAddress ?? null}, ${solana ? solana.lamports.toString() : null}, ${idempotencyKey}, now())
    returning id, total_cents, currency, payment_method, status, card_brand, card_last4, transaction_id,
              solana_transaction_id, solana_wallet_address, amount_lamports, completed_at`;
  if (!row) throw new Error(`no payment inserted into ${table}`);
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
