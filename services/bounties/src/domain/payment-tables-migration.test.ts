import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectThePaymentTables, expectThePaymentTablesMadeSince, databaseBefore } from '@starforge/payments/server/testing/payment-tables';
import { bountiesMigrations } from '../testing/harness';

// The bounties schema as it stood with subscription_payments, a card and a Solana payment of a
// plan in it (the Solana one with its request), then migrated to now. The released 00001 made
// those tables, with checks PostgreSQL named by position; a fresh schema gets the set's instead.
const db = databaseBefore(bountiesMigrations, '00008_payment_tables.sql', {
  released: {
    paymentsTable: 'subscription_payments',
    checks: {
      payments: {
        payments_completed_when: 'payments_check',
        payments_solana_paid: 'payments_check1',
        payments_card_kept: 'payments_check2',
        payments_solana_in_sol: 'payments_check3',
      },
      solana_payment_requests: {
        solana_payment_requests_expires_after_created: 'solana_payment_requests_check',
        solana_payment_requests_used_by_payment: 'solana_payment_requests_check1',
      },
    },
  },
});

describe('the payment tables migration', () => {
  it("keeps every plan payment and request, in @starforge/payments' tables", async () => {
    const { sql } = db;
    const [card, solana] = [randomUUID(), randomUUID()];
    await sql`
      insert into bounties.subscription_payments
        (user_id, total_cents, currency, payment_method, card_brand, card_last4, transaction_id, idempotency_key, completed_at)
      values (${card}, 2900, 'USD', 'credit_card', 'visa', '4242', 'card_1', 'key-1', now())`;
    const [payment] = await sql<{ id: string }[]>`
      insert into bounties.subscription_payments
        (user_id, total_cents, currency, payment_method, transaction_id, solana_transaction_id, solana_wallet_address, amount_lamports, completed_at)
      values (${solana}, 2900, 'SOL', 'solana', 'solana_1', 'signature-1', 'wallet-1', 290000000, now())
      returning id`;
    await sql`
      insert into bounties.solana_payment_requests
        (user_id, reference, treasury, lamports, total_cents, recent_blockhash, expires_at, used_at, payment_id)
      values (${solana}, 'reference-1', 'treasury-1', 290000000, 2900, 'blockhash-1', now() + interval '5 minutes', now(), ${payment!.id}),
             (${solana}, 'reference-2', 'treasury-1', 290000000, 2900, 'blockhash-2', now() + interval '5 minutes', null, null)`;
    const payments = await sql`select * from bounties.subscription_payments order by transaction_id`;
    const requests = await sql`select * from bounties.solana_payment_requests order by reference`;

    await db.upgrade();

    expect(await sql`select * from bounties.payments order by transaction_id`).toEqual(payments);
    expect(await sql`select * from bounties.solana_payment_requests order by reference`).toEqual(requests);
    expect(await sql`select to_regclass('bounties.subscription_payments') as old`).toEqual([{ old: null }]);
    await expectThePaymentTables(sql, 'bounties');
  });

  it('gives a schema made since the set its tables, as the set makes them', () => expectThePaymentTablesMadeSince(bountiesMigrations, 'bounties'));
});
