import type { Keypair } from '@solana/web3.js';
import { expect } from 'vitest';
import { decodeSolanaAddress } from '@starforge/service-kit/solana-address';
import { offlineSolanaSettlement, SolanaSettlementError, type SolanaSettlement, type SolanaSettlementExpectation } from '../settlement';
import { signatureOf, signedTransfer, type TestTransfer } from './signed-transfer';
import type { SolanaPaymentRequest } from '../../../wire';

/** The transfer a wallet builds for the request, signed by `wallet`; `change` alters what it pays. */
export const signedTransferFor = (request: SolanaPaymentRequest, wallet: Keypair, change: Partial<TestTransfer> = {}): string =>
  signedTransfer({
    payer: wallet,
    recipient: request.treasury,
    lamports: BigInt(request.lamports),
    reference: request.reference,
    recentBlockhash: request.recent_blockhash,
    ...change,
  });

/** Expects a request fresh from the server: a 32-byte reference and blockhash, payable for four to five minutes from `before` (ms). */
export const expectFreshPaymentRequest = (request: SolanaPaymentRequest, before: number) => {
  expect(decodeSolanaAddress(request.reference)).toHaveLength(32);
  expect(decodeSolanaAddress(request.recent_blockhash)).toHaveLength(32);
  const ttl = Date.parse(request.expires_at) - before;
  expect(ttl).toBeGreaterThan(4 * 60_000);
  expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 5_000);
};

/** The body that pays the request (POST …/solana): its id, the paying wallet and the signed transaction. */
export const solanaPayBody = (request: Pick<SolanaPaymentRequest, 'id'>, wallet: Keypair, transaction: string) => ({
  request_id: request.id,
  wallet_address: wallet.publicKey.toBase58(),
  transaction,
});

/** Expects the answer's payment to be the Solana payment of `totalCents` by `wallet`'s `transaction`, `lamports` paid, completed. */
export const expectSolanaPayment = (payment: unknown, paid: { totalCents: number; transaction: string; wallet: Keypair; lamports: string }) => {
  expect(payment).toMatchObject({
    total_cents: paid.totalCents,
    currency: 'SOL',
    payment_method: 'solana',
    status: 'completed',
    card_brand: null,
    card_last4: null,
    solana_transaction_id: signatureOf(paid.transaction),
    solana_wallet_address: paid.wallet.publicKey.toBase58(),
    amount_lamports: paid.lamports,
  });
};

/**
 * A network stand-in: `settlement` records in `network.settled` what it is asked to settle, and
 * refuses (as a network refuses an unfunded transfer) while `network.refuse` is set.
 */
export const recordingSettlement = () => {
  const network = { refuse: false, settled: [] as { wire: Buffer; expect: SolanaSettlementExpectation }[] };
  const settlement: SolanaSettlement = {
    latestBlockhash: offlineSolanaSettlement.latestBlockhash,
    settle: async (wire, expect) => {
      network.settled.push({ wire, expect });
      if (network.refuse) throw new SolanaSettlementError('insufficient funds for the transfer');
      return { signature: expect.signature };
    },
  };
  return { network, settlement };
};
