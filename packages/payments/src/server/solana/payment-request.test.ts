import { randomUUID } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql, type Tx } from '@starforge/service-kit/db';
import { ApiError } from '@starforge/service-kit/errors';
import { migrate } from '@starforge/service-kit/migrate';
import { issueSolanaPaymentRequest, paySolanaPaymentRequest, solanaPaymentRequestAnswer, type SolanaPaymentConfig } from './payment-request';
import { newSolanaReference, offlineSolanaSettlement, SolanaSettlementError } from './settlement';
import { signedTransferFor, solanaPayBody } from './testing/pay-request';
import { forgedSignature, signatureOf } from './testing/signed-transfer';
import { solanaPaymentErrorCodes } from '../../wire';
import { paymentMigrations, RECORDED_SOLANA_TRANSACTION } from '../migrations';
import { recordPayment } from '../record-payment';

// A test-only domain that takes Solana payments: the payment tables' set in a schema of its own.
const table = 'kit_solana.solana_payment_requests';

let sql: Sql;
beforeAll(async () => {
  sql = createSql(inject('databaseUrl'), { max: 4 });
  await migrate(sql, 'kit_solana', paymentMigrations.dir, { kitSet: paymentMigrations.kitSet });
});
afterAll(() => sql.end());

/** What the steps saw, in order; `refuse` makes the network refuse. */
let steps: string[] = [];
let refuse = false;
const config: SolanaPaymentConfig = {
  treasury: newSolanaReference(),
  settlement: {
    latestBlockhash: offlineSolanaSettlement.latestBlockhash,
    settle: async (_wire, expect) => {
      steps.push('settle');
      if (refuse) throw new SolanaSettlementError('refused');
      return { signature: expect.signature };
    },
  },
};

/** A request of `userId`'s for `totalCents`, stored as a domain stores it. */
const storedRequest = async (userId: string, totalCents = 250) => {
  const issued = await issueSolanaPaymentRequest(config, totalCents);
  const [row] = await sql<{ id: string; expiresAt: Date }[]>`
    insert into kit_solana.solana_payment_requests
      (user_id, reference, treasury, lamports, total_cents, recent_blockhash, last_valid_block_height, expires_at)
    values (${userId}, ${issued.reference}, ${issued.treasury}, ${issued.lamports.toString()}, ${totalCents}, ${issued.recentBlockhash},
            ${issued.lastValidBlockHeight}, now() + make_interval(secs => ${issued.ttlSeconds}))
    returning id, expires_at`;
  if (!row) throw new Error('no request');
  return solanaPaymentRequestAnswer(issued, row);
};

/** Pays the request as a domain does: its check, then its payment row. */
const pay = (userId: string, body: { request_id: string; wallet_address: string; transaction: string }, check: () => Promise<void> = async () => {}) =>
  sql.begin((tx: Tx) =>
    paySolanaPaymentRequest(
      tx,
      { table, userId, body, config, recordedConstraint: RECORDED_SOLANA_TRANSACTION },
      {
        check: async () => {
          steps.push('check');
          await check();
        },
        record: async (_checked, paid) => {
          steps.push('record');
          const payment = await recordPayment(tx, 'kit_solana.payments', userId, 250, { method: 'solana', ...paid }, null);
          return { paymentId: payment.id, result: { paymentId: payment.id, ...paid } };
        },
      },
    ),
  );

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'paid',
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );

const ready = async () => {
  const userId = randomUUID();
  const request = await storedRequest(userId);
  const wallet = Keypair.generate();
  return { userId, request, body: solanaPayBody(request, wallet, signedTransferFor(request, wallet)) };
};

describe('issueSolanaPaymentRequest', () => {
  it('asks the total in lamports of the treasury, with a fresh reference and blockhash, for five minutes', async () => {
    const issued = await issueSolanaPaymentRequest(config, 2900);
    expect(issued).toMatchObject({ treasury: config.treasury, totalCents: 2900, lamports: 290_000_000n, lastValidBlockHeight: null, ttlSeconds: 300 });
    expect(issued.reference).not.toBe((await issueSolanaPaymentRequest(config, 2900)).reference);
  });

  it('refuses a total whose lamports pass a bigint', async () => {
    await expect(codeOf(issueSolanaPaymentRequest(config, Number.MAX_SAFE_INTEGER))).resolves.toBe(solanaPaymentErrorCodes.solanaOrderTooLarge);
  });
});

describe('paySolanaPaymentRequest', () => {
  it("verifies, runs the domain's check, settles, records, then marks the request used with the payment", async () => {
    const { userId, request, body } = await ready();
    steps = [];
    const result = await pay(userId, body);
    expect(steps).toEqual(['check', 'settle', 'record']);
    expect(result).toMatchObject({ signature: signatureOf(body.transaction), walletAddress: body.wallet_address, lamports: 25_000_000n });
    const [row] = await sql`select used_at, payment_id from kit_solana.solana_payment_requests where id = ${request.id}`;
    expect(row).toEqual({ usedAt: expect.any(Date), paymentId: result.paymentId });
    await expect(codeOf(pay(userId, body))).resolves.toBe(solanaPaymentErrorCodes.paymentRequestUsed);
  });

  it("refuses another user's request, a forged transaction, an expired request, before the domain's check", async () => {
    const { userId, request, body } = await ready();
    steps = [];
    await expect(codeOf(pay(randomUUID(), body))).resolves.toBe(solanaPaymentErrorCodes.paymentRequestNotFound);
    await expect(codeOf(pay(userId, { ...body, transaction: forgedSignature(body.transaction) }))).resolves.toBe(solanaPaymentErrorCodes.solanaPaymentInvalid);
    await sql`update kit_solana.solana_payment_requests set created_at = now() - interval '10 minutes', expires_at = now() - interval '1 second' where id = ${request.id}`;
    await expect(codeOf(pay(userId, body))).resolves.toBe(solanaPaymentErrorCodes.paymentRequestExpired);
    expect(steps).toEqual([]);
  });

  it("never settles what the domain's check refused, and writes nothing when the network refuses", async () => {
    const { userId, request, body } = await ready();
    steps = [];
    await expect(codeOf(pay(userId, body, async () => Promise.reject(new ApiError(409, 'sold_out', 'Sold out'))))).resolves.toBe('sold_out');
    expect(steps).toEqual(['check']);
    steps = [];
    refuse = true;
    try {
      await expect(codeOf(pay(userId, body))).resolves.toBe(solanaPaymentErrorCodes.solanaPaymentFailed);
    } finally {
      refuse = false;
    }
    expect(steps).toEqual(['check', 'settle']);
    const [row] = await sql`select used_at from kit_solana.solana_payment_requests where id = ${request.id}`;
    expect(row).toEqual({ usedAt: null });
  });

  it('answers a transaction already recorded, under any request, with payment_request_used', async () => {
    const { userId, body } = await ready();
    const paid = { method: 'solana' as const, signature: signatureOf(body.transaction), walletAddress: body.wallet_address, lamports: 25_000_000n };
    await sql.begin((tx: Tx) => recordPayment(tx, 'kit_solana.payments', userId, 250, paid, null));
    await expect(codeOf(pay(userId, body))).resolves.toBe(solanaPaymentErrorCodes.paymentRequestUsed);
  });
});
