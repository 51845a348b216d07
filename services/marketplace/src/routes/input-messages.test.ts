import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE } from '@starforge/contracts/shared';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, marketplaceTestContext, signIn } from '../testing/harness';

const ctx = marketplaceTestContext();

// issue 26, item 11: every refusal names the field and the rule.
describe('refusals name the field and the rule', () => {
  it('a cart add with a missing or malformed nft_id says so, not "This NFT is not for sale"', async () => {
    const buyer = await signIn(ctx);
    const add = async (body: unknown) => errorOf(await callAs(ctx, buyer, 'POST', '/cart', { body }));
    expect(await add({})).toMatchObject({ status: 400, message: 'nft_id is required' });
    for (const nftId of ['not-an-id', '42', ''])
      expect(await add({ nft_id: nftId }), nftId).toMatchObject({ status: 400, message: 'nft_id must be an id (a UUID)' });
    expect(await add({ nft_id: 42 })).toMatchObject({ status: 400, message: 'nft_id must be text' });
    const patch = errorOf(await callAs(ctx, buyer, 'PATCH', '/cart/not-an-id', { body: { quantity: 0 } }));
    expect(patch).toMatchObject({ status: 400, message: 'nftId must be an id (a UUID)' });
  });

  it('a quantity that is missing or not a whole number is named, not "Failed to update quantity"', async () => {
    const buyer = await signIn(ctx);
    const setQuantity = async (body: unknown) => errorOf(await callAs(ctx, buyer, 'PATCH', `/cart/${randomUUID()}`, { body }));
    expect(await setQuantity({})).toMatchObject({ status: 400, message: 'quantity is required' });
    expect(await setQuantity({ quantity: 'a' })).toMatchObject({ status: 400, message: 'quantity must be a number' });
    expect(await setQuantity({ quantity: 0.5 })).toMatchObject({ status: 400, message: 'quantity must be a whole number' });
  });

  it('a Solana payment with no request or transaction names the missing field, not "does not pay this order"', async () => {
    const buyer = await signIn(ctx);
    const pay = async (body: unknown) => errorOf(await callAs(ctx, buyer, 'POST', '/checkout/solana', { body }));
    expect(await pay({})).toMatchObject({ status: 400, message: 'request_id is required' });
    expect(await pay({ request_id: 'x' })).toMatchObject({ status: 400, message: 'request_id must be an id (a UUID)' });
    expect(await pay({ request_id: randomUUID(), wallet_address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' })).toMatchObject({
      status: 400,
      message: 'transaction is required',
    });
  });

  it('the grid reads page as decimal digits within its range, empty as the first page', async () => {
    const who = await signIn(ctx);
    const page = (value: string) => callAs(ctx, who, 'GET', `/listings?page=${encodeURIComponent(value)}`);
    expect((await page('')).body).toMatchObject({ page: 1 });
    expect((await page('2')).body).toMatchObject({ page: 2 });
    for (const value of ['0x10', '1e308', '0', String(MAX_PAGE + 1), '-1', '1.5']) {
      expect(errorOf(await page(value)), value).toMatchObject({ status: 400, message: `page must be a whole number from 1 to ${MAX_PAGE}` });
    }
  });
});
