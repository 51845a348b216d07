import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectThePaymentTables, expectThePaymentTablesMadeSince, databaseBefore } from '@starforge/payments/server/testing/payment-tables';
import { marketplaceMigrations } from '../testing/harness';

// The marketplace schema as it stood with its own payment tables: a settled card payment and a
// Solana payment (with what it bought and its request), an open request for one NFT, then
// migrated to now. The released 00003 and 00004 made the payment tables, with checks PostgreSQL
// named by position, and 00006 gave the lamports a check of their own; a fresh schema gets the
// set's tables instead.
const db = databaseBefore(marketplaceMigrations, '00008_payment_tables.sql', {
  released: {
    checks: {
      payments: {
        payments_completed_when: 'payments_check',
        payments_card_kept: 'payments_check2',
        payments_solana_in_sol: 'payments_check3',
      },
      solana_payment_requests: {
        solana_payment_requests_expires_after_created: 'solana_payment_requests_check',
        solana_payment_requests_one_nft_priced: 'solana_payment_requests_check1',
        solana_payment_requests_used_by_payment: 'solana_payment_requests_check2',
        solana_payment_requests_a_price_per_nft: 'solana_payment_requests_check3',
      },
    },
    finish: (sql, schema) => sql`
      alter table ${sql(schema)}.payments
        drop constraint payments_solana_paid,
        add constraint payments_check1 check ((payment_method = 'solana') = (solana_transaction_id is not null and solana_wallet_address is not null)),
        add constraint payments_solana_lamports check ((payment_method = 'solana') = (amount_lamports is not null))`,
  },
});

describe('the payment tables migration', () => {
  it("keeps every payment, what it bought and every request, in @starforge/payments' tables", async () => {
    const { sql } = db;
    const [seller, buyer, nftId] = [randomUUID(), randomUUID(), randomUUID()];
    await sql`
      insert into marketplace.payments
        (user_id, total_cents, currency, payment_method, card_brand, card_last4, transaction_id, idempotency_key, completed_at,
         processor_mode, settles_at, settled_at)
      values (${buyer}, 1099, 'USD', 'debit_card', 'mastercard', '4444', 'card_1', 'key-1', now(), 'simulated', now() + interval '7 days', null)`;
    const [payment] = await sql<{ id: string }[]>`
      insert into marketplace.payments
        (user_id, total_cents, currency, payment_method, transaction_id, solana_transaction_id, solana_wallet_address, amount_lamports, completed_at)
      values (${buyer}, 1099, 'SOL', 'solana', 'solana_1', 'signature-1', 'wallet-1', 109900000, now())
      returning id`;
    const [sale] = await sql<{ id: string }[]>`
      insert into marketplace.nft_sales (nft_id, seller_id, buyer_id, price_cents, status, sold_at)
      values (${nftId}, ${seller}, ${buyer}, 1099, 'sold', now()) returning id`;
    await sql`insert into marketplace.payment_items (payment_id, nft_id, sale_id, price_cents) values (${payment!.id}, ${nftId}, ${sale!.id}, 1099)`;
    await sql`
      insert into marketplace.solana_payment_requests
        (user_id, reference, treasury, lamports, total_cents, nft_id, price_cents, nft_ids, prices_cents, recent_blockhash, expires_at, used_at, payment_id)
      values (${buyer}, 'reference-1', 'treasury-1', 109900000, 1099, null, null, ${[nftId]}, ${[1099]}, 'blockhash-1', now() + interval '5 minutes', now(), ${payment!.id}),
             (${buyer}, 'reference-2', 'treasury-1', 109900000, 1099, ${nftId}, 1099, ${[nftId]}, null, 'blockhash-2', now() + interval '5 minutes', null, null)`;
    const read = async () => ({
      payments: await sql`select * from marketplace.payments order by transaction_id`,
      items: await sql`select * from marketplace.payment_items`,
      requests: await sql`select * from marketplace.solana_payment_requests order by reference`,
    });
    const before = await read();

    await db.upgrade();

    expect(await read()).toEqual(before);
    await expectThePaymentTables(sql, 'marketplace');
  });

  it('gives a schema made since the set its tables, as the set makes them', () => expectThePaymentTablesMadeSince(marketplaceMigrations, 'marketplace'));
});
