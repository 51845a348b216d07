import { fileURLToPath } from 'node:url';
import type { KitMigrations } from '@starforge/service-kit/migrate';

/**
 * The payment tables (`<schema>.payments`, `<schema>.solana_payment_requests`), one migration set
 * each domain that takes a payment applies into its own schema, after its own migrations, or just
 * before the first of them that says `-- needs paymentMigrations from
 * '@starforge/payments/server/migrations' up to 00001` (kit-set-needs.ts in the kit):
 * `runService({ kitMigrations: [paymentMigrations] })`; its tests with
 * `testSql([..., { schema, dir }, { schema, ...paymentMigrations }], schema)`.
 */
export const paymentMigrations: KitMigrations = {
  kitSet: 'payments',
  dir: fileURLToPath(new URL('./migrations', import.meta.url)),
};

/** The payment table's unique constraint on the Solana transaction: a violation is a transaction recorded before (`recordedConstraint`). */
export const RECORDED_SOLANA_TRANSACTION = 'payments_solana_transaction_id_key';
