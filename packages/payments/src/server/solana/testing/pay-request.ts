import type { Keypair } from '@solana/web3.js';
import type { SolanaPaymentRequest } from '@starforge/contracts';
import { offlineSolanaSettlement, SolanaSettlementError, type SolanaSettlement, type SolanaSettlementExpectation } from '../settlement';
import { signedTransfer, type TestTransfer } from './signed-transfer';

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

/** The body that pays the request (POST …/solana): its id, the paying wallet and the signed transaction. */
export const solanaPayBody = (request: Pick<SolanaPaymentRequest, 'id'>, wallet: Keypair, transaction: string) => ({
  request_id: request.id,
  wallet_address: wallet.publicKey.toBase58(),
  transaction,
});

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
