import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { signatureOf } from '@starforge/payments/server/solana/testing/signed-transfer';
import { recordingSettlement, signedTransferFor, solanaPayBody } from '@starforge/payments/server/solana/testing/pay-request';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, listedNft, marketplaceTestContext, signIn } from '../testing/harness';
import { solanaPaymentErrorCodes, solanaPaymentMessages, solanaPaymentRequestSchema } from '@starforge/payments/wire';

/** A network stand-in: records what it is asked to settle, and refuses while `refuse` is set. */
const { network, settlement } = recordingSettlement();

const ctx = marketplaceTestContext({ solanaSettlement: settlement });

const readyToPay = async () => {
  const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
  const { nftId } = await listedNft(ctx.sql, seller.id, { name: 'Settled', priceCents: 300 });
  const request = solanaPaymentRequestSchema.parse(
    (await callAs(ctx, buyer, 'POST', '/checkout/solana/requests', { body: { nft_id: nftId, price_cents: 300 } })).body,
  );
  const wallet = Keypair.generate();
  const transaction = signedTransferFor(request, wallet);
  const pay = () => callAs(ctx, buyer, 'POST', '/checkout/solana', { body: solanaPayBody(request, wallet, transaction) });
  return { seller, buyer, nftId, request, transaction, pay };
};

describe('the settlement (sending the transaction and waiting for it)', () => {
  it('is given the verified bytes, the signature and the request’s blockhash, after every check', async () => {
    network.settled = [];
    const { request, transaction, pay } = await readyToPay();
    expect((await pay()).status).toBe(201);
    expect(network.settled).toEqual([
      {
        wire: Buffer.from(transaction, 'base64'),
        expect: { signature: signatureOf(transaction), blockhash: request.recent_blockhash, lastValidBlockHeight: null },
      },
    ]);
    // a refused payment never reaches the network
    expect((await pay()).status).toBe(409);
    expect(network.settled).toHaveLength(1);
  });

  it('refused by the network: 400 solana_payment_failed, nothing written, the request still payable', async () => {
    const { seller, buyer, nftId, request, pay } = await readyToPay();
    network.refuse = true;
    try {
      expect(errorOf(await pay())).toEqual({
        status: 400,
        code: solanaPaymentErrorCodes.solanaPaymentFailed,
        message: solanaPaymentMessages.solanaPaymentFailed,
      });
    } finally {
      network.refuse = false;
    }
    expect(await ctx.sql`select * from marketplace.payments where user_id = ${buyer.id}`).toEqual([]);
    expect((await ctx.sql`select current_owner_id from nft.nfts where id = ${nftId}`)[0]).toEqual({ currentOwnerId: seller.id });
    expect((await ctx.sql`select used_at from marketplace.solana_payment_requests where id = ${request.id}`)[0]).toEqual({ usedAt: null });
    expect((await pay()).status).toBe(201);
  });
});
